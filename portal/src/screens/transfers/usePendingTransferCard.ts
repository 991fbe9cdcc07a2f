/**
 * What the home page says about a transfer the institute offered: while one is PENDING and waits for
 * the student (platform spec §2 "Pending transfers (two steps)"), a card leading to its two steps. Null
 * while loading, without an offer, or when the transfers cannot be read (the home page stays as it was).
 */
import { useLoad } from '../enrollment/useLoad';
import { isOpenOffer } from '../../lib/transfers-api';
import { useT } from './i18n';
import { useTransfersApi } from './parts';
import { transferPath } from './paths';

export interface TransferCardSpec {
  title: string;
  body: string;
  action: string;
  to: string;
}

export function usePendingTransferCard(): TransferCardSpec | null {
  const calls = useTransfersApi();
  const { t } = useT();
  const transfers = useLoad(() => calls.transfers(), [calls]);
  const offer = (transfers.data ?? []).find(isOpenOffer);
  if (!offer) return null;
  return {
    title: t('home.offer.title'),
    body: t('home.offer.body', { product: offer.destinationProduct?.name ?? '' }),
    action: t('home.offer.action'),
    to: transferPath(offer.id),
  };
}
