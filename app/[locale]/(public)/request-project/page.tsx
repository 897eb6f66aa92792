import { introPage } from '@/components/layout/introPage';

const page = introPage('requestProject', 'requestProject', 'title', 'lead');
export const generateMetadata = page.generateMetadata;
export default page.Page;
