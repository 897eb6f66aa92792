import {
  BadgeDollarSign,
  Blocks,
  ChartColumn,
  ChartLine,
  FileText,
  FolderKanban,
  FolderTree,
  IdCard,
  Image,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageCircle,
  MessagesSquare,
  Newspaper,
  Palette,
  Receipt,
  ReceiptText,
  ScrollText,
  Settings,
  ShieldCheck,
  ShoppingBag,
  SquareKanban,
  Store,
  Tags,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { routes, type RouteName } from '@/lib/routes/table';

/** The routes the sidebar can show: those the table puts under a nav group. */
export type NavRouteName = { [K in RouteName]: (typeof routes)[K] extends { nav: string } ? K : never }[RouteName];

// The one map of section → icon. Typed over every nav route, so a new section in the table
// fails the type check until it gets an icon (the unit test checks the same at run time).
// Named imports only: lucide-react has no side effects and Next tree-shakes it per icon.
export const NAV_ICONS: Record<NavRouteName, LucideIcon> = {
  dashboard: LayoutDashboard,
  chats: MessagesSquare,
  users: Users,
  profiles: IdCard,
  boards: SquareKanban,
  requests: Inbox,
  invoices: Receipt,
  interviews: FileText,
  settings: Settings,
  blogPosts: Newspaper,
  blogCategories: Tags,
  whatsappApi: MessageCircle,
  varketPlans: Store,
  varketSellers: UserCog,
  varketSellersSales: ShoppingBag,
  varketMySales: BadgeDollarSign,
  photomagikUsers: Image,
  photomagikOverview: ChartColumn,
  photomagikStyles: Palette,
  photomagikStyleCategories: FolderTree,
  accessCharts: ChartLine,
  root: ShieldCheck,
  rootProjects: FolderKanban,
  rootUsers: Users,
  rootContent: ScrollText,
  rootOutbox: Mail,
  rootAudit: Blocks,
  rootInvoices: ReceiptText,
};

/** The icon of a sidebar section; a neutral one for a name the map lacks (never expected). */
export function navIcon(name: RouteName): LucideIcon {
  return (NAV_ICONS as Partial<Record<RouteName, LucideIcon>>)[name] ?? LayoutDashboard;
}
