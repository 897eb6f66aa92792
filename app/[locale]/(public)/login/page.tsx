import { LoginForm } from '@/components/auth/LoginForm';
import { SessionEndedNotice } from '@/components/auth/SessionEndedNotice';
import { authPage } from '@/components/auth/authPage';

const page = authPage('login', 'loginTitle', 'loginLead', LoginForm, SessionEndedNotice);
export const generateMetadata = page.generateMetadata;
export default page.Page;
