import type { Permission } from '../access/permissions';
import type { Extension } from '../access/extensions';

export { defaultLocale, locales, type Locale } from '../i18n/locales';

/** Data-derived roles that show a menu entry (see `navRole`). */
export type NavRole = 'varketSeller';

export type Guard = 'public' | 'noAuth' | 'auth' | 'connected' | 'root';

export type RouteDef = {
  /** Internal pattern, which is also the English path: `/account/[tab]`. */
  path: string;
  /** Spanish path when it differs. */
  es?: string;
  /** The English path also serves Spanish readers who prefer it (stored choice, browser): both languages share it, `es` names Spanish alone. */
  shared?: true;
  guard: Guard;
  permissions?: readonly Permission[];
  mode?: 'all' | 'some';
  /** Allowed values of a dynamic segment: internal (English) value → Spanish value. */
  params?: Record<string, Record<string, string>>;
  /** Shown in the dashboard sidebar under this group. */
  nav?: 'main' | 'extensions' | 'root';
  /**
   * In the sidebar only for viewers who hold this role in the active project: a fact of the
   * project's data (the server looks it up), not a permission. A linked seller, for now.
   */
  navRole?: NavRole;
  /** The project extension that must be on for the route to appear. */
  extension?: Extension;
  layout: 'horizontal' | 'vertical' | 'bare';
};

const ACCOUNT_TABS = { general: 'general', security: 'seguridad', projects: 'proyectos', requests: 'solicitudes' };
// Dashboard paths are not translated; the table still restricts the tab.
const SETTINGS_TABS = { general: 'general', extensions: 'extensions' };

// The one table of pages: proxy guards, sidebar, localized paths and the
// sitemap all read it. A page that is not here is a 404.
export const routes = {
  // The site's root stays in each reader's language; the Spanish home also has a path of its own for hreflang and the sitemap.
  index: { path: '/', es: '/inicio', shared: true, guard: 'public', layout: 'horizontal' },
  faq: { path: '/faq', es: '/preguntas-frecuentes', guard: 'public', layout: 'horizontal' },
  help: { path: '/help/[slug]', es: '/ayuda/[slug]', guard: 'public', layout: 'horizontal' },
  login: { path: '/login', guard: 'noAuth', layout: 'horizontal' },
  register: { path: '/register', es: '/registro', guard: 'noAuth', layout: 'horizontal' },
  logout: { path: '/logout', guard: 'auth', layout: 'bare' },
  forgotPassword: { path: '/forgot-password', es: '/olvide-mi-contrasena', guard: 'noAuth', layout: 'horizontal' },
  // Public: the link from the email must work even in a browser that is signed in.
  resetPassword: { path: '/reset-password', es: '/restablecer-contrasena', guard: 'public', layout: 'horizontal' },
  emailConfirmation: { path: '/email-confirmation', es: '/confirmacion-email', guard: 'public', layout: 'horizontal' },
  // Public like the confirmation: the old address's owner may be signed out, or signed in as anyone.
  emailChangeUndo: { path: '/email-change-undo', es: '/deshacer-cambio-email', guard: 'public', layout: 'horizontal' },
  // Public: the requester rates a solved request from the emailed link, signed in or not.
  requestRating: { path: '/rate-request', es: '/valorar-solicitud', guard: 'public', layout: 'horizontal' },
  requestProject: { path: '/request-project', es: '/solicitar-proyecto', guard: 'auth', layout: 'horizontal' },
  // Public: an invited person without an account reads the invitation before registering.
  invitation: { path: '/invitation', es: '/invitacion', guard: 'public', layout: 'horizontal' },
  interview: { path: '/projects/[key]/interview', guard: 'public', layout: 'horizontal' },
  // A project's public blog (404 unless the project has the blog on); the feed is `rss.xml` under it.
  blog: { path: '/projects/[key]/blog', guard: 'public', layout: 'horizontal' },
  blogArticle: { path: '/projects/[key]/blog/[slug]', guard: 'public', layout: 'horizontal' },
  unauthorized: { path: '/unauthorized', guard: 'public', layout: 'bare' },
  forbidden: { path: '/403', guard: 'public', layout: 'bare' },
  account: { path: '/account', es: '/cuenta', guard: 'auth', layout: 'vertical' },
  accountTab: { path: '/account/[tab]', es: '/cuenta/[tab]', guard: 'auth', params: { tab: ACCOUNT_TABS }, layout: 'vertical' },
  supportChat: { path: '/account/support/[key]', es: '/cuenta/soporte/[key]', guard: 'auth', layout: 'vertical' },
  accountRequest: { path: '/account/requests/[id]', es: '/cuenta/solicitudes/[id]', guard: 'auth', layout: 'vertical' },
  root: { path: '/root', guard: 'root', nav: 'root', layout: 'vertical' },
  rootProjects: { path: '/root/projects', guard: 'root', nav: 'root', layout: 'vertical' },
  rootProject: { path: '/root/projects/[id]', guard: 'root', layout: 'vertical' },
  rootUsers: { path: '/root/users', guard: 'root', nav: 'root', layout: 'vertical' },
  rootContent: { path: '/root/content', guard: 'root', nav: 'root', layout: 'vertical' },
  rootOutbox: { path: '/root/outbox', guard: 'root', nav: 'root', layout: 'vertical' },
  rootAudit: { path: '/root/audit', guard: 'root', nav: 'root', layout: 'vertical' },
  rootInvoices: { path: '/root/invoices', guard: 'root', nav: 'root', layout: 'vertical' },
  rootInvoice: { path: '/root/invoices/[id]', guard: 'root', layout: 'vertical' },
  dashboard: { path: '/dashboard', guard: 'auth', nav: 'main', layout: 'vertical' },
  chats: { path: '/dashboard/chats', guard: 'connected', permissions: ['CHATS__TEAM', 'CHATS__SUPPORT'], mode: 'some', nav: 'main', layout: 'vertical' },
  users: { path: '/dashboard/users', guard: 'connected', permissions: ['USERS__VIEW'], nav: 'main', layout: 'vertical' },
  profiles: { path: '/dashboard/profiles', guard: 'connected', permissions: ['PROFILES__VIEW'], nav: 'main', layout: 'vertical' },
  boards: { path: '/dashboard/boards', guard: 'connected', permissions: ['BOARDS__VIEW'], nav: 'main', layout: 'vertical' },
  board: { path: '/dashboard/boards/[id]', guard: 'connected', permissions: ['BOARDS__VIEW'], layout: 'vertical' },
  requests: { path: '/dashboard/requests', guard: 'connected', permissions: ['REQUESTS__VIEW'], nav: 'main', layout: 'vertical' },
  request: { path: '/dashboard/requests/[id]', guard: 'connected', permissions: ['REQUESTS__VIEW'], layout: 'vertical' },
  invoices: { path: '/dashboard/invoices', guard: 'connected', permissions: ['INVOICES__VIEW'], nav: 'main', layout: 'vertical' },
  invoice: { path: '/dashboard/invoices/[id]', guard: 'connected', permissions: ['INVOICES__VIEW'], layout: 'vertical' },
  invoicePay: { path: '/dashboard/invoices/[id]/pay', guard: 'connected', permissions: ['INVOICES__PAY'], layout: 'vertical' },
  interviews: { path: '/dashboard/interviews', guard: 'connected', permissions: ['INTERVIEWS__VIEW'], nav: 'main', layout: 'vertical' },
  interviewQuestions: { path: '/dashboard/interviews/[id]/questions', guard: 'connected', permissions: ['INTERVIEWS__VIEW'], layout: 'vertical' },
  interviewResponses: { path: '/dashboard/interviews/[id]/responses', guard: 'connected', permissions: ['INTERVIEWS__VIEW'], layout: 'vertical' },
  settings: { path: '/dashboard/settings', guard: 'connected', permissions: ['SETTINGS__UPDATE'], nav: 'main', layout: 'vertical' },
  settingsTab: { path: '/dashboard/settings/[tab]', guard: 'connected', permissions: ['SETTINGS__UPDATE'], params: { tab: SETTINGS_TABS }, layout: 'vertical' },
  blogPosts: {
    path: '/dashboard/extensions/blog/posts',
    guard: 'connected',
    permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'],
    nav: 'extensions',
    extension: 'blog',
    layout: 'vertical',
  },
  blogPost: {
    path: '/dashboard/extensions/blog/posts/[id]',
    guard: 'connected',
    permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'],
    extension: 'blog',
    layout: 'vertical',
  },
  blogCategories: {
    path: '/dashboard/extensions/blog/categories',
    guard: 'connected',
    permissions: ['EXTENSIONS__BLOG__CATEGORIES__VIEW'],
    nav: 'extensions',
    extension: 'blog',
    layout: 'vertical',
  },
  whatsappApi: {
    path: '/dashboard/extensions/whatsappApi',
    guard: 'connected',
    permissions: ['EXTENSIONS__WHATSAPP_API'],
    nav: 'extensions',
    extension: 'whatsappApi',
    layout: 'vertical',
  },
  varketPlans: {
    path: '/dashboard/extensions/varket/plans',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__PLANS__VIEW'],
    nav: 'extensions',
    extension: 'varket',
    layout: 'vertical',
  },
  varketSellers: {
    path: '/dashboard/extensions/varket/sellers',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW'],
    nav: 'extensions',
    extension: 'varket',
    layout: 'vertical',
  },
  varketSellersSales: {
    path: '/dashboard/extensions/varket/sellersSales',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW'],
    nav: 'extensions',
    extension: 'varket',
    layout: 'vertical',
  },
  // A member who sells sees their own sales here. No permission (the API filters by the
  // caller), so the guard is 'auth' and the page itself requires the active project. The
  // menu shows it to members linked to a seller of the active project (and only to them).
  varketMySales: {
    path: '/dashboard/extensions/varket/mySales',
    guard: 'auth',
    nav: 'extensions',
    navRole: 'varketSeller',
    extension: 'varket',
    layout: 'vertical',
  },
  photomagikUsers: {
    path: '/dashboard/extensions/photomagik/users',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW'],
    nav: 'extensions',
    extension: 'photomagik',
    layout: 'vertical',
  },
  photomagikOverview: {
    path: '/dashboard/extensions/photomagik/overview',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW'],
    nav: 'extensions',
    extension: 'photomagik',
    layout: 'vertical',
  },
  photomagikStyles: {
    path: '/dashboard/extensions/photomagik/styles',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW'],
    nav: 'extensions',
    extension: 'photomagik',
    layout: 'vertical',
  },
  photomagikStyleCategories: {
    path: '/dashboard/extensions/photomagik/styles/categories',
    guard: 'connected',
    permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__VIEW'],
    nav: 'extensions',
    extension: 'photomagik',
    layout: 'vertical',
  },
  accessCharts: {
    path: '/dashboard/extensions/event-logs/access-charts',
    guard: 'connected',
    permissions: ['EXTENSIONS__EVENTLOGS__VIEW'],
    nav: 'extensions',
    extension: 'eventLogs',
    layout: 'vertical',
  },
  accessChartsDate: {
    path: '/dashboard/extensions/event-logs/access-charts/[date]',
    guard: 'connected',
    permissions: ['EXTENSIONS__EVENTLOGS__VIEW'],
    extension: 'eventLogs',
    layout: 'vertical',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
