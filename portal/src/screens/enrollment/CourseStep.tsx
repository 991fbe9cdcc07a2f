/**
 * Step 1, select course: the published products (HCTP, and DYNAMIC ones if any) with their
 * description, cost and classes. Choosing one creates the application (POST /applications); an
 * existing one for the same product (409 'Already applied to product') is offered instead. With a
 * promo code (the "start with a promo code" screen), the code is applied right after the course is
 * chosen; a refused code stays on this screen with the application already made.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Messages } from '../../../../models/messages';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { RouterLink } from '../../components/RouterLink';
import { TextInput } from '../../components/TextInput';
import { useT } from './i18n';
import { HttpError } from '../../lib/api';
import type { Application, ProductSummary } from '../../lib/enrollment-api';
import { describeError, failureOf, type ErrorView } from '../../lib/errors';
import { date, money } from './format';
import { StepActions } from './parts';
import { congratulationsPath, firstIncompleteStep, isActiveApplication, stepPath } from './steps';
import { useEnrollmentApi, useLoad } from './useLoad';

export function CourseStep({ current, withPromoCode = false }: { current?: Application | null; withPromoCode?: boolean }) {
  const calls = useEnrollmentApi();
  const { t, locale } = useT();
  const navigate = useNavigate();
  const products = useLoad(async () => {
    const [hctp, dynamic] = await Promise.all([calls.productsByFlowType('HCTP'), calls.productsByFlowType('DYNAMIC')]);
    return [...hctp, ...dynamic];
  }, [calls]);
  const [selected, setSelected] = useState<string>(current ? String(current.product.id) : '');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [existing, setExisting] = useState<Application | null>(null);
  /** Made on this screen, its promo code refused: retried on the same application. */
  const [made, setMade] = useState<Application | null>(null);
  const [busy, setBusy] = useState(false);

  const continueTo = (application: Application) => navigate(stepPath(application.id, 'class'));

  async function applyCode(application: Application): Promise<boolean> {
    try {
      await calls.applyPromoCode(application.id, code.trim());
      return true;
    } catch (error) {
      const view = describeError(error, ['code']);
      if (view.fields.code || view.code === 'INVALID_PROMO_CODE') {
        setCodeError(view.fields.code ?? view.message);
      } else {
        setFailure(view);
      }
      return false;
    }
  }

  async function next() {
    setFailure(null);
    setExisting(null);
    if (withPromoCode && !code.trim()) {
      setCodeError(Messages.REQUIRED);
      return;
    }
    if (made) {
      setBusy(true);
      if (await applyCode(made)) continueTo(made);
      setBusy(false);
      return;
    }
    if (!selected) {
      setFailure(failureOf(t('enroll.course.choose')));
      return;
    }
    const productId = Number(selected);
    if (current && current.product.id === productId) {
      continueTo(current);
      return;
    }
    setBusy(true);
    try {
      const created = await calls.createApplication(productId);
      // Another course replaces the application being filled in (a student cancels their own CREATED one).
      if (current) await calls.changeStatus(current.id, 'CANCELLED');
      if (withPromoCode && !(await applyCode(created))) {
        setMade(created);
        setBusy(false);
        return;
      }
      continueTo(created);
    } catch (error) {
      setBusy(false);
      const view = describeError(error);
      setFailure(view);
      if (error instanceof HttpError && view.code === 'ALREADY_APPLIED') {
        try {
          const mine = await calls.listApplications();
          setExisting(mine.find((a) => a.product?.id === productId && isActiveApplication(a)) ?? null);
        } catch {
          // The refusal itself is shown.
        }
      }
    }
  }

  if (products.loading) return <PageLoading />;
  if (products.error) return <ErrorAlert error={products.error} testId="products-error" />;
  const list = products.data ?? [];

  return (
    <Box>
      {withPromoCode && (
        <Box sx={{ maxWidth: 400 }}>
          <TextInput
            name="code"
            label={t('enroll.promo.code')}
            value={code}
            error={codeError}
            hint={t('enroll.promo.startHint')}
            autoComplete="off"
            onValueChange={(value) => {
              setCode(value.toUpperCase());
              setCodeError(undefined);
            }}
          />
        </Box>
      )}
      <ErrorAlert error={failure} testId="course-error" />
      {existing && (
        <FormMessage severity="info" testId="existing-application">
          {t('enroll.course.existing', { product: existing.product.name })}{' '}
          <RouterLink to={existing.status === 'CREATED' ? stepPath(existing.id, firstIncompleteStep(existing)) : congratulationsPath(existing.id)}>
            {t('enroll.course.continueExisting')}
          </RouterLink>
        </FormMessage>
      )}
      {made && (
        <FormMessage severity="info" testId="application-made">
          {t('enroll.promo.applicationKept', { product: made.product.name })}
        </FormMessage>
      )}
      {list.length === 0 ? (
        <FormMessage severity="info" testId="no-products">
          {t('enroll.course.none')}
        </FormMessage>
      ) : (
        <RadioGroup name="productId" value={selected} onChange={(event) => setSelected(event.target.value)} aria-label={t('enroll.step.course')}>
          {list.map((product) => (
            <ProductChoice key={product.id} product={product} locale={locale} disabled={Boolean(made) || !product.enrolling} />
          ))}
        </RadioGroup>
      )}
      <StepActions
        onNext={next}
        busy={busy}
        extra={
          made ? (
            <Button onClick={() => continueTo(made)} disabled={busy}>
              {t('enroll.promo.withoutCode')}
            </Button>
          ) : null
        }
      />
    </Box>
  );
}

function ProductChoice({ product, locale, disabled }: { product: ProductSummary; locale: 'en' | 'es'; disabled: boolean }) {
  const { t } = useT();
  const descriptionId = `product-${product.id}-details`;
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 1.5 }}>
      <FormControlLabel
        value={String(product.id)}
        disabled={disabled}
        control={<Radio slotProps={{ input: { 'aria-describedby': descriptionId } as object }} />}
        label={<Typography sx={{ fontWeight: 600 }}>{product.name}</Typography>}
      />
      <Box id={descriptionId} sx={{ pl: 4 }}>
        {product.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {product.description}
          </Typography>
        )}
        {product.cost !== null && <Typography variant="body2">{t('enroll.course.cost', { cost: money(product.cost, locale) })}</Typography>}
        {product.cohorts?.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('enroll.course.classes')} {product.cohorts.map((c) => (c.startDate ? `${c.label} (${date(c.startDate)})` : c.label)).join(', ')}
          </Typography>
        )}
        {!product.enrolling && (
          <Typography variant="body2" color="warning.dark">
            {t('enroll.course.closed')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
