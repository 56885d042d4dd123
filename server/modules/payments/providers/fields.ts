/** What every provider takes from the contract's field list: its schema and its secret fields. */
import { configSchemaOf, isSecretField, METHOD_FIELDS, type PaymentMethod } from '../../../contract/payments';

export function configOfMethod(method: PaymentMethod) {
  return {
    configSchema: configSchemaOf(method),
    secretFields: METHOD_FIELDS[method].filter(isSecretField).map((f) => f.name),
  };
}
