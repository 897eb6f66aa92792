/**
 * A refusal a socket handler means to tell the client (a malformed request, a conversation
 * it may not see). Its message is sent as is; any other error is the server's own business
 * and the client gets only a generic answer.
 */
export class SocketError extends Error {}
