import { EmailConfirmation } from '@/components/auth/EmailConfirmation';
import { authPage } from '@/components/auth/authPage';

const page = authPage('emailConfirmation', 'emailConfirmationTitle', 'emailConfirmationLead', EmailConfirmation);
export const generateMetadata = page.generateMetadata;
export default page.Page;
