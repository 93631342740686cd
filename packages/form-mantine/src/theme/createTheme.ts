/**
 * The RJSF v6 theme on Mantine: templates and widgets registered under the
 * slot names RJSF looks up, plus the widgets of the rule dialect (named in the
 * uiSchema that `buildUiSchema` derives). Works with a plain RJSF `Form`
 * (everything shows, nothing is required) and fully with SchemaForm, which
 * feeds the engine's evaluation through `formContext`.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import FieldTemplate from './templates/FieldTemplate';
import ObjectFieldTemplate from './templates/ObjectFieldTemplate';
import ArrayFieldTemplate from './templates/ArrayFieldTemplate';
import ArrayFieldItemTemplate from './templates/ArrayFieldItemTemplate';
import BaseInputTemplate from './templates/BaseInputTemplate';
import DescriptionField from './templates/DescriptionField';
import TitleField from './templates/TitleField';
import ErrorList from './templates/ErrorList';
import FieldErrorTemplate from './templates/FieldErrorTemplate';
import FieldHelpTemplate from './templates/FieldHelpTemplate';
import AddButton from './templates/buttons/AddButton';
import RemoveButton from './templates/buttons/RemoveButton';
import CopyButton from './templates/buttons/CopyButton';
import MoveUpButton from './templates/buttons/MoveUpButton';
import MoveDownButton from './templates/buttons/MoveDownButton';
import ClearButton from './templates/buttons/ClearButton';
import SubmitButton from './templates/buttons/SubmitButton';
import TextWidget from './widgets/TextWidget';
import TextareaWidget from './widgets/TextareaWidget';
import NumberWidget from './widgets/NumberWidget';
import CurrencyWidget from './widgets/CurrencyWidget';
import SelectWidget from './widgets/SelectWidget';
import RadioWidget from './widgets/RadioWidget';
import SwitchWidget from './widgets/SwitchWidget';
import CheckboxWidget from './widgets/CheckboxWidget';
import DateWidget from './widgets/DateWidget';
import TimeWidget from './widgets/TimeWidget';
import SourceSelectWidget from '../widgets/source-select/SourceSelectWidget';
import DocumentWidget from '../widgets/document/DocumentWidget';
import NumberField from './fields/NumberField';
import { WIDGET } from '../data/rjsfSchema';

export type Theme = Required<Pick<ThemeProps, 'templates' | 'widgets' | 'fields'>>;

/** A fresh theme object (templates, widgets, fields) for `withTheme` or `<Form {...theme}>`. */
export function createTheme(): Theme {
  const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
    FieldTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    BaseInputTemplate,
    DescriptionFieldTemplate: DescriptionField,
    TitleFieldTemplate: TitleField,
    ErrorListTemplate: ErrorList,
    FieldErrorTemplate,
    FieldHelpTemplate,
    ButtonTemplates: { AddButton, RemoveButton, CopyButton, MoveUpButton, MoveDownButton, ClearButton, SubmitButton },
  };
  const widgets: RegistryWidgetsType = {
    [WIDGET.text]: TextWidget,
    [WIDGET.textarea]: TextareaWidget,
    [WIDGET.number]: NumberWidget,
    [WIDGET.currency]: CurrencyWidget,
    [WIDGET.select]: SelectWidget,
    [WIDGET.source]: SourceSelectWidget,
    [WIDGET.radio]: RadioWidget,
    [WIDGET.switch]: SwitchWidget,
    [WIDGET.checkbox]: CheckboxWidget,
    [WIDGET.date]: DateWidget,
    [WIDGET.time]: TimeWidget,
    [WIDGET.file]: DocumentWidget,
    // RJSF's own names for the same slots, so schemas without our uiSchema still get Mantine inputs.
    EmailWidget: TextWidget,
    URLWidget: TextWidget,
    UpDownWidget: NumberWidget,
  };
  // RJSF's NumberField is replaced: our number widgets keep what is being typed themselves (fields/NumberField.tsx).
  return { templates, widgets, fields: { NumberField } };
}

/** The theme, created once. */
export const theme: Theme = createTheme();
