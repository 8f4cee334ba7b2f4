/** The actions of the open chat the command menu offers. */
export type ChatCommandId = 'archive' | 'remind' | 'transfer' | 'note';
