/** A feedback as the API answers it (server/modules/feedback/service.ts FeedbackView). */
export type Feedback = {
  id: number;
  title: string;
  name: string;
  email: string;
  phone: string;
  type: string;
  content: string;
  attachment: { name: string; originalName: string } | null;
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
};
