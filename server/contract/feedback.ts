/** A feedback as the API answers it, to its writer and to the managers. No Node imports here. */
export type FeedbackView = {
  id: number;
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  attachment: { name: string; originalName: string } | null;
  reply: string | null;
  /** ISO instants */
  repliedAt: string | null;
  createdAt: string;
};
