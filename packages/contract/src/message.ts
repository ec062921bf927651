/** A sentence a person can act on: the answer of a deletion or a logout, and the body of every error. */
export interface MessageResponse {
  message: string;
}
