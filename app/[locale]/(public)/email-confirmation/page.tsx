import { introPage } from '@/components/layout/introPage';

const page = introPage('emailConfirmation', 'auth', 'emailConfirmationTitle', 'emailConfirmationLead');
export const generateMetadata = page.generateMetadata;
export default page.Page;
