/**
 * The formalization's form name (schemas/formalizacion): the one online service that the single
 * window (VUF) acts on, with its own pages, its three agencies' charges and their payment dialogs.
 * The server and the app compare a request's form with this, never with a literal of their own
 * (tests/architecture.test.ts).
 */
export const FORMALIZATION_FORM = 'formalizacion';
