import { RegisterForm } from '@/components/auth/RegisterForm';
import { authPage } from '@/components/auth/authPage';

const page = authPage('register', 'registerTitle', 'registerLead', RegisterForm);
export const generateMetadata = page.generateMetadata;
export default page.Page;
