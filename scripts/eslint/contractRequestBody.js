/**
 * ESLint rule `portal/contract-request-body`: every JSON body the app sends is typed with the type
 * @portal/api-contract derives from the schema the server validates that body with, never with a
 * type written in the app. It checks what is sent, not names: each `json:` option (ky and the
 * app's clients) and each `body: JSON.stringify(…)` (fetch) must be
 *   - an object literal with `satisfies <ContractType>`, or
 *   - a variable or parameter annotated with <ContractType> (or a union of them),
 * where <ContractType> is a name imported from '@portal/api-contract' in that file. A hand-written
 * interface, an inline type, a cast (`as`) or an untyped value is refused.
 * tests/requestBodies.test.ts proves it fires.
 */

const CONTRACT = '@portal/api-contract';

/** The property's name when it is written plainly (`json:`, `'json':`), else null. */
function keyName(property) {
  if (property.computed) return null;
  if (property.key.type === 'Identifier') return property.key.name;
  if (property.key.type === 'Literal' && typeof property.key.value === 'string') return property.key.value;
  return null;
}

/**
 * True when the type annotation names only types imported from the contract (one, or a union of
 * them). A generic one (`FromSchema<typeof mySchema>`, `Partial<XBody>`) is the app's own type.
 */
function isContractType(type, contractNames) {
  if (!type) return false;
  if (type.type === 'TSTypeReference') return type.typeName.type === 'Identifier' && contractNames.has(type.typeName.name) && !type.typeArguments;
  if (type.type === 'TSUnionType') return type.types.every((member) => isContractType(member, contractNames));
  return false;
}

/** The variable an identifier refers to, looked up from its scope outwards. */
function variableOf(sourceCode, identifier) {
  for (let scope = sourceCode.getScope(identifier); scope; scope = scope.upper) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
  }
  return null;
}

/** True when the value sent is typed by the contract (see the file's comment). */
function isTypedByContract(value, context, contractNames) {
  if (value.type === 'TSSatisfiesExpression') return isContractType(value.typeAnnotation, contractNames);
  if (value.type !== 'Identifier') return false;
  const variable = variableOf(context.sourceCode, value);
  if (!variable || variable.defs.length !== 1) return false;
  const [def] = variable.defs;
  if (def.type === 'Parameter') return isContractType(def.name.typeAnnotation?.typeAnnotation, contractNames);
  if (def.type === 'Variable') {
    if (def.node.id.type !== 'Identifier') return false;
    if (def.node.id.typeAnnotation) return isContractType(def.node.id.typeAnnotation.typeAnnotation, contractNames);
    return def.node.init != null && def.node.init.type === 'TSSatisfiesExpression' && isContractType(def.node.init.typeAnnotation, contractNames);
  }
  return false;
}

/** `JSON.stringify(x)`: x, else null. */
function stringified(node) {
  const isStringify =
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    !node.callee.computed &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === 'JSON' &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === 'stringify';
  return isStringify && node.arguments.length > 0 ? node.arguments[0] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const contractRequestBody = {
  meta: {
    type: 'problem',
    docs: { description: 'JSON request bodies are typed from the schemas of @portal/api-contract, never by hand' },
    schema: [],
    messages: {
      untyped:
        'El cuerpo de la petición se tipa con el tipo que @portal/api-contract deriva del esquema con que el servidor lo valida ' +
        '(`{ … } satisfies XBody`, o una variable o un parámetro de ese tipo), no con un tipo escrito en la app. ' +
        'Si la ruta no tiene aún su esquema en el contrato, muévalo allí (packages/api-contract/src/bodySchemas.ts).',
    },
  },
  create(context) {
    const contractNames = new Set();
    const check = (value) => {
      if (!isTypedByContract(value, context, contractNames)) context.report({ node: value, messageId: 'untyped' });
    };
    return {
      Program(program) {
        for (const statement of program.body) {
          if (statement.type !== 'ImportDeclaration' || statement.source.value !== CONTRACT) continue;
          for (const specifier of statement.specifiers) if (specifier.type === 'ImportSpecifier') contractNames.add(specifier.local.name);
        }
      },
      Property(property) {
        if (property.parent.type !== 'ObjectExpression') return;
        const name = keyName(property);
        if (name === 'json') check(property.value);
        else if (name === 'body') {
          const sent = stringified(property.value);
          if (sent) check(sent);
        }
      },
    };
  },
};

export default { rules: { 'contract-request-body': contractRequestBody } };
