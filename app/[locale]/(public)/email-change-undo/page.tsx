import { EmailChangeUndo } from '@/components/account/EmailChangeUndo';
import { authPage } from '@/components/auth/authPage';

const page = authPage('emailChangeUndo', 'emailChangeUndoTitle', 'emailChangeUndoLead', EmailChangeUndo);
export const generateMetadata = page.generateMetadata;
export default page.Page;
