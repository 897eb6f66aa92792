import { notFound } from 'next/navigation';

// Every path the route table does not know ends here: a real 404 status.
export default function Unmatched() {
  notFound();
}
