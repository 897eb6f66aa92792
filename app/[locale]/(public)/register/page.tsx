import { introPage } from '@/components/layout/introPage';

const page = introPage('register', 'auth', 'registerTitle', 'registerLead');
export const generateMetadata = page.generateMetadata;
export default page.Page;
