/**
 * The grammar of a form file: which keywords a node may carry and their
 * shapes. Unknown keywords are errors, so a typo ("x-visble") is caught
 * instead of silently ignored.
 */
const message = { type: 'string', minLength: 1 };
const params = { type: 'object', additionalProperties: true };
const bound = {
  type: 'object',
  required: ['value'],
  additionalProperties: false,
  properties: { value: {}, message, params },
};

export const META_SCHEMA = {
  $id: 'form-dialect',
  $ref: '#/$defs/node',
  $defs: {
    node: {
      type: 'object',
      additionalProperties: false,
      properties: {
        $schema: { type: 'string' },
        $id: { type: 'string' },
        $comment: { type: 'string' },
        type: { enum: ['object', 'array', 'string', 'number', 'integer', 'boolean'] },
        title: { type: 'string' },
        description: { type: 'string' },
        properties: { type: 'object', additionalProperties: { $ref: '#/$defs/node' } },
        items: { $ref: '#/$defs/node' },
        enum: { type: 'array', minItems: 1 },
        oneOf: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object', required: ['const'], additionalProperties: false,
            properties: { const: {}, title: { type: 'string' }, description: { type: 'string' } },
          },
        },
        format: { type: 'string' },
        pattern: { type: 'string' },
        minLength: { type: 'integer', minimum: 0 },
        maxLength: { type: 'integer', minimum: 0 },
        minimum: { type: 'number' },
        maximum: { type: 'number' },
        exclusiveMinimum: { type: 'number' },
        exclusiveMaximum: { type: 'number' },
        multipleOf: { type: 'number', exclusiveMinimum: 0 },
        minItems: { type: 'integer', minimum: 0 },
        maxItems: { type: 'integer', minimum: 0 },
        default: {},
        readOnly: { type: 'boolean' },
        examples: { type: 'array' },
        'x-visible': {},
        'x-required': {},
        'x-disabled': {},
        'x-compute': {},
        'x-options': {},
        'x-warnings': {
          type: 'array',
          items: { type: 'object', required: ['when', 'message'], additionalProperties: false, properties: { when: {}, message, params } },
        },
        'x-assert': {
          type: 'array',
          items: { type: 'object', required: ['rule', 'message'], additionalProperties: false, properties: { rule: {}, message, params } },
        },
        'x-min': bound,
        'x-max': bound,
        'x-source': {
          type: 'object',
          required: ['url', 'items', 'value', 'label'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', pattern: '^/' },
            items: { type: 'string' },
            value: { type: 'string', minLength: 1 },
            label: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', minItems: 1, items: { type: 'string' } }] },
            pageSize: { type: 'integer', minimum: 1 },
            searchable: { type: 'boolean' },
            searchIn: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } }] },
          },
        },
        'x-lookup': {
          type: 'object',
          required: ['trigger', 'url', 'valid', 'invalidError', 'messages'],
          additionalProperties: false,
          properties: {
            trigger: {
              anyOf: [
                { type: 'object', required: ['length'], additionalProperties: false, properties: { length: { type: 'integer', minimum: 1 } } },
                { type: 'object', required: ['pauseMs'], additionalProperties: false, properties: { pauseMs: { type: 'integer', minimum: 0 } } },
              ],
            },
            url: { type: 'string', pattern: '^/' },
            valid: {},
            fill: { type: 'object', additionalProperties: { type: 'string' } },
            clearOnInvalid: { type: 'array', items: { type: 'string' } },
            invalidError: message,
            messages: {
              type: 'object', additionalProperties: false,
              properties: { pending: message, valid: message, invalid: message },
            },
            notice: {
              type: 'object', required: ['message', 'durationMs'], additionalProperties: false,
              properties: { message, durationMs: { type: 'integer', minimum: 0 } },
            },
          },
        },
        'x-request-label': { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
        'x-unique': { type: 'object', required: ['by', 'message'], additionalProperties: false, properties: { by: { type: 'string' }, message } },
        'x-mask': { type: 'string', minLength: 1 },
        'x-widget': { enum: ['text', 'textarea', 'switch', 'radio', 'select', 'file', 'currency', 'date', 'time', 'checkbox'] },
        'x-currency-field': { type: 'string' },
        'x-no-paste': { type: 'boolean' },
        'x-accept': { type: 'array', items: { type: 'string', pattern: '^[a-z0-9]+$' } },
        'x-messages': { type: 'object', additionalProperties: { type: 'string' } },
        'x-step': { type: 'boolean' },
        'x-row-dialog': { type: 'boolean' },
        'x-row-copy': {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            required: ['from', 'label', 'fields'],
            additionalProperties: false,
            properties: {
              from: { type: 'string', minLength: 1 },
              label: message,
              fields: { type: 'object', minProperties: 1, additionalProperties: { type: 'string', minLength: 1 } },
              set: { type: 'object', additionalProperties: true },
              message,
            },
          },
        },
        'x-row-label': {
          anyOf: [
            { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
            { type: 'array', minItems: 1, items: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } } },
          ],
        },
        'x-placeholder': { type: 'string' },
      },
    },
  },
} as const;
