import type * as v from 'valibot'

/**
 * How a call is addressed on the wire: an action marker (`action=getstatement` in the body) or
 * a crud call (`?crud=userlogin` in the query). Both are `POST /api/users`.
 */
export type CallKind = 'action' | 'crud'

/**
 * Which token the call needs in its `token` field:
 * - public: none;
 * - session: a signed-in customer's token (baUid);
 * - kyc: the temporary token given to a customer who still owes KYC (tempbaUid);
 * - notice: the token kept while an account notice blocks the account (sbaUid).
 */
export type Access = 'public' | 'session' | 'kyc' | 'notice'

type FieldsSchema =
  | v.ObjectSchema<v.ObjectEntries, undefined>
  | v.VariantSchema<string, v.VariantOptions<string>, v.ErrorMessage<v.VariantIssue> | undefined>

export interface CallDefinition<
  Request extends FieldsSchema = FieldsSchema,
  Response extends v.GenericSchema = v.GenericSchema,
  Kind extends CallKind = CallKind,
  Wire extends string = string,
> {
  /**
   * The call's name on the wire, as the spec has it (`newtrs`, `getinstituition`): the action
   * marker or the crud name. Only the edges use it (the HTTP client, the dispatcher, the API
   * docs); everything inside names the call by its key in the registry (`submitTransfer`).
   */
  wire: Wire
  kind: Kind
  access: Access
  summary: string
  request: Request
  response: Response
  /** Fields that carry files; present means the client sends multipart/form-data. */
  files?: readonly string[]
  /**
   * The answer is a file of this type, streamed (a download), not JSON; refusals are still
   * JSON `{ error, message }`. See docs/decisions/025-statements-paging-and-downloads.md.
   */
  download?: 'text/csv' | 'application/pdf'
  /** False for a call that reads the session without counting as activity (the idle timer). */
  activity?: false
}

export const defineCall = <
  Request extends FieldsSchema,
  Response extends v.GenericSchema,
  Kind extends CallKind,
  Wire extends string,
>(
  definition: CallDefinition<Request, Response, Kind, Wire>,
) => definition
