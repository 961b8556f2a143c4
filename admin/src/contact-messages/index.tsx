import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList } from '@/contact-messages/contact-message-list';

export const contactMessages = {
  list: ContactMessageList,
  icon: MailIcon,
  recordRepresentation: 'subject',
};
