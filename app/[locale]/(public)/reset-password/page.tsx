import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { authPage } from '@/components/auth/authPage';

const page = authPage('resetPassword', 'resetTitle', 'resetLead', ResetPasswordForm);
export const generateMetadata = page.generateMetadata;
export default page.Page;
