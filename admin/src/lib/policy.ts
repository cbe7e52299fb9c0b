/** Policy facts and the support contact, from the SDK's help content (one copy for pages and assistant). */
export { policy, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '@spotless/sdk/help';
