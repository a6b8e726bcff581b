import { useDispatch } from '../store/index.ts';
import { Button } from '../ui/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { useAlertsTexts } from './use-alerts-texts.ts';
import { useSignedInUser } from './use-account-settings.ts';

/**
 * "Send the cart / the wishlist to my e-mail" (spec: logged in only; shown to users alone). A command: queued
 * offline, sent once; the spec's notice ('Your cart has been sent to you by email.') when the server has sent it.
 */
export function SendByEmailButton({ list }: { list: 'cart' | 'wishlist' }) {
  const { t, language } = useT();
  const user = useSignedInUser();
  const dispatch = useDispatch();
  const texts = useAlertsTexts();
  if (!user || !texts) return null;
  const send = () =>
    void dispatch(
      list === 'cart' ? 'mailings.sendCart' : 'mailings.sendWishlist',
      { language },
      { notifySuccess: true },
    );
  return (
    <Button variant="secondary" onClick={send} block data-testid={`send-${list}-by-email`}>
      {t(`alerts.send.${list}`)}
    </Button>
  );
}
