/**
 * `@spotless/sdk/help`: the help centre's content, once — policy facts, support contact, the FAQ
 * and the articles the assistant answers from. No framework, no zod.
 */
export { HELP_ARTICLES, type HelpArticle } from './articles';
export { FAQ_GROUPS, type FaqEntry, type FaqGroup } from './faq';
export { policy, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE, SUPPORT_PHONE_HREF } from './policy';
