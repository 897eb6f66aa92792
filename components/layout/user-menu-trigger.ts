/** The avatar button's look, shared by DashboardFrame's plain button and the menu's own trigger that replaces it. */
export const USER_MENU_TRIGGER = 'grid size-9 place-items-center rounded-full overflow-hidden bg-primary text-sm font-semibold text-white';
