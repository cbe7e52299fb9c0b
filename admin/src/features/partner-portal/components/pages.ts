/** The partner portal's pages, in one chunk (the route table's lazy page). */
export { PartnerPortalPage } from './partner-portal-page';
