import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm';
import { authPage } from '@/components/auth/authPage';

const page = authPage('forgotPassword', 'forgotTitle', 'forgotLead', ForgotPasswordForm);
export const generateMetadata = page.generateMetadata;
export default page.Page;
