// A booking's messages between its customer and its cleaner (decision 087): shared by the customer's
// and the cleaner's dashboards, so an entity rather than a feature.
export { MessageThread } from './components/message-thread';
export { MessagesToggle } from './components/messages-toggle';
