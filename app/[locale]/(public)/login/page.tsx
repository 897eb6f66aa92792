import { LoginForm } from '@/components/auth/LoginForm';
import { authPage } from '@/components/auth/authPage';

const page = authPage('login', 'loginTitle', 'loginLead', LoginForm);
export const generateMetadata = page.generateMetadata;
export default page.Page;
