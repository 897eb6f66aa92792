import { introPage } from '@/components/layout/introPage';

const page = introPage('login', 'auth', 'loginTitle', 'loginLead');
export const generateMetadata = page.generateMetadata;
export default page.Page;
