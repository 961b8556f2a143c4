import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '@/lib/lazy-page';

// Each page is a chunk of its own, loaded when first opened (lib/lazy-page.ts).
const ContactMessageList = lazyPage(
  () => import('@/contact-messages/contact-message-list'),
  'ContactMessageList',
);

export const contactMessages = {
  list: ContactMessageList,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
