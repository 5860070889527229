import { REPORT_COMMENT_MAX, type ReportComment, type ReportKind } from '@sales/contract';
import { Button, TextArea } from 'antd-mobile';
import { LikeOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useReportFeedback, useReportFeedbackAction } from '../api/report-feedback';

interface ReportFeedbackViewProps {
  kind: ReportKind;
  reportId: number;
}

/** Text of 1–500 characters after trimming, counted as the server counts them. */
const usable = (text: string) => {
  const length = [...text.trim()].length;
  return length > 0 && length <= REPORT_COMMENT_MAX;
};

function FeedbackInput({ label, placeholder, submitText, pending, onSubmit, testId }: { label: string; placeholder: string; submitText: string; pending: boolean; onSubmit(text: string): Promise<boolean>; testId: string }) {
  const [text, setText] = useState('');
  const id = useId();
  const submit = async () => {
    if (await onSubmit(text.trim())) setText('');
  };
  return (
    <div className="feedback-input" data-testid={testId}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <TextArea id={id} value={text} onChange={setText} placeholder={placeholder} maxLength={REPORT_COMMENT_MAX} showCount autoSize={{ minRows: 2, maxRows: 6 }} data-testid={`${testId}-text`} />
      <div className="feedback-input__actions">
        <Button size="small" color="primary" disabled={!usable(text)} loading={pending} onClick={() => void submit()} data-testid={`${testId}-submit`}>
          {submitText}
        </Button>
      </div>
    </div>
  );
}

function CommentItem({ comment, replying, onReply, onStartReply, pending }: { comment: ReportComment; replying: boolean; pending: boolean; onReply(text: string): Promise<boolean>; onStartReply(): void }) {
  return (
    <li className="feedback-comment" data-testid="report-comment">
      <div className="feedback-comment__head">
        <strong>{comment.author.username}</strong>
        <span className="muted">{formatDateTime(comment.createdAt)}</span>
      </div>
      <p className="feedback-comment__text" data-testid="report-comment-text">
        {comment.text}
      </p>
      {comment.reply && (
        <div className="feedback-reply" data-testid="report-comment-reply">
          <span className="muted">作者回复 · {formatDateTime(comment.reply.repliedAt)}</span>
          <p className="feedback-comment__text">{comment.reply.text}</p>
        </div>
      )}
      {comment.canReply &&
        (replying ? (
          <FeedbackInput label="回复点评" placeholder="回复这条点评（只能回复一次）" submitText="回复" pending={pending} onSubmit={onReply} testId="report-reply" />
        ) : (
          <Button size="mini" fill="outline" onClick={onStartReply} data-testid="report-reply-open">
            回复
          </Button>
        ))}
    </li>
  );
}

/** Under a report: its likes (👍) and who gave them, the 点评 with the author's replies, and the inputs the caller may use. */
export function ReportFeedbackView({ kind, reportId }: ReportFeedbackViewProps) {
  const query = useReportFeedback(kind, reportId);
  const action = useReportFeedbackAction(kind, reportId);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const feedback = query.data;
  if (!feedback) return null;
  const run = async (input: Parameters<typeof action.mutateAsync>[0], done: string): Promise<boolean> => {
    try {
      await action.mutateAsync(input);
    } catch {
      return false;
    }
    showToast(done, 'success');
    return true;
  };
  const { likes } = feedback;
  return (
    <section className="report-feedback" data-testid="report-feedback">
      <div className="section feedback-likes">
        <span className={`feedback-likes__count${likes.likedByMe ? ' feedback-likes__count--mine' : ''}`} aria-label={`${likes.count}个赞`}>
          <LikeOutline aria-hidden="true" /> <span data-testid="report-like-count">{likes.count}</span>
        </span>
        <span className="muted feedback-likes__who">{likes.who.map((person) => person.username).join('、')}</span>
        {feedback.canLike && (
          <Button size="mini" color="primary" fill="outline" loading={action.isPending && action.variables?.action === 'like'} onClick={() => void run({ action: 'like' }, '已点赞')} data-testid="report-like">
            点赞
          </Button>
        )}
        {likes.likedByMe && <span className="muted">已点赞</span>}
      </div>
      <h2 className="section-title">点评（{feedback.comments.length}）</h2>
      {feedback.comments.length === 0 ? (
        <p className="muted feedback-empty">暂无点评</p>
      ) : (
        <ul className="feedback-comments" data-testid="report-comments">
          {feedback.comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              replying={replyTo === comment.id}
              pending={action.isPending}
              onStartReply={() => setReplyTo(comment.id)}
              onReply={async (text) => {
                const done = await run({ action: 'reply', commentId: comment.id, text }, '已回复');
                if (done) setReplyTo(null);
                return done;
              }}
            />
          ))}
        </ul>
      )}
      {feedback.canComment && <FeedbackInput label="点评" placeholder="写点评，作者会收到通知" submitText="发表点评" pending={action.isPending} onSubmit={(text) => run({ action: 'comment', text }, '已点评')} testId="report-comment-input" />}
    </section>
  );
}
