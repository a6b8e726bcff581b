import { useEffect } from 'react';
import { prefetchChallenges } from '../challenge/index.ts';
import './add-texts.ts';
import { InquiryForm } from './inquiry-form.tsx';
import { ReviewForm } from './review-form.tsx';

/** A product page's forms, in a chunk of their own: the review form and the product inquiry. */
export function ProductMessages({ sku }: { sku: string }) {
  useEffect(() => {
    void prefetchChallenges();
  }, []);
  return (
    <div className="product-messages">
      <ReviewForm sku={sku} />
      <InquiryForm sku={sku} />
    </div>
  );
}
