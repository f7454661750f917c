/**
 * The Gallery tab: a tour's pictures in order, one of them the cover.
 * - Adding: drop several files (or choose them); each waits in a queue with its preview until it
 *   has its alt text (what a screen reader says), then all go up one after another with their
 *   progress. A file that is not a picture we take, or too large, is flagged before it is sent; a
 *   refused upload stays in the queue with the server's reason.
 * - The pictures: drag by the handle (or the keyboard, or the earlier/later buttons) to reorder,
 *   make one the cover, change its texts, remove it. Every change is saved at once and said.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BlockIcon from '@mui/icons-material/Block';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Confirm, useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { t } from '../../i18n';
import { MEDIA_RULES, MEDIA_TYPES } from '../../../shared/contract/tour-rules';
import type { Media, MediaPatch, Tour } from '../../../shared/contract/tours';
import type { BackOfficeDataProvider } from '../../providers/data-provider';
import { fieldErrorsOf } from '../../providers/http-client';
import { LoadFailure } from '../common/LoadError';
import { Sortable } from '../common/Sortable';
import { refusalText, tourParts, useGallery, useTourChange } from './tour-parts';
import { fileSize } from './tour-text';

const MEGABYTES = MEDIA_RULES.maxBytes / 1024 / 1024;

interface Queued {
  key: string;
  file: File;
  preview: string;
  alt: string;
  caption: string;
  credit: string;
  /** Why it cannot be sent (checked here), or why the server refused it. */
  problem: string | null;
  fieldErrors: Record<string, string>;
  /** 0–1 while it is being sent; null when waiting. */
  progress: number | null;
}

/** What the browser can tell before sending: the declared type and the size (the server checks the bytes). */
export function fileProblem(file: File): string | null {
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return t('tours.gallery_tab.not_a_picture');
  if (file.size > MEDIA_RULES.maxBytes) return t('tours.gallery_tab.too_large', { megabytes: MEGABYTES });
  return null;
}

let queuedSequence = 0;

function UploadQueue({ tour, room }: { tour: Tour; room: number }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const parts = tourParts(dataProvider, tour.id);
  const [queue, setQueue] = useState<Queued[]>([]);
  const [sending, setSending] = useState(false);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const queueRef = useRef(queue);
  queueRef.current = queue;

  // Previews are object URLs: freed when the tab closes.
  useEffect(() => () => queueRef.current.forEach((item) => URL.revokeObjectURL(item.preview)), []);

  const add = (files: FileList | File[]) => {
    const added = Array.from(files).map((file) => ({
      key: `q${(queuedSequence += 1)}`,
      file,
      preview: URL.createObjectURL(file),
      alt: '',
      caption: '',
      credit: '',
      problem: fileProblem(file),
      fieldErrors: {},
      progress: null,
    }));
    setQueue((current) => [...current, ...added]);
  };
  const change = (key: string, patch: Partial<Queued>) => setQueue((current) => current.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  const drop = (key: string) =>
    setQueue((current) => {
      const item = current.find((candidate) => candidate.key === key);
      if (item) URL.revokeObjectURL(item.preview);
      return current.filter((candidate) => candidate.key !== key);
    });

  const sendable = queue.filter((item) => fileProblem(item.file) === null);
  const missingAlt = sendable.filter((item) => item.alt.trim() === '');
  const tooMany = sendable.length > room;

  const sendAll = async () => {
    setSending(true);
    let sent = 0;
    for (const item of sendable) {
      const form = new FormData();
      form.append('alt', item.alt.trim());
      if (item.caption.trim()) form.append('caption', item.caption.trim());
      if (item.credit.trim()) form.append('credit', item.credit.trim());
      form.append('file', item.file, item.file.name);
      change(item.key, { progress: 0, problem: null, fieldErrors: {} });
      try {
        await parts.uploadPicture(form, (fraction) => change(item.key, { progress: fraction }));
        sent += 1;
        drop(item.key);
      } catch (error) {
        change(item.key, { progress: null, problem: refusalText(error), fieldErrors: fieldErrorsOf(error) ?? {} });
      }
    }
    setSending(false);
    const failed = sendable.length - sent;
    if (sent > 0) notify('tours.gallery_tab.added', { type: 'success', messageArgs: { smart_count: sent } });
    if (failed > 0) notify('tours.gallery_tab.not_added', { type: 'error', messageArgs: { smart_count: failed } });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!sending && event.dataTransfer.files.length > 0) add(event.dataTransfer.files);
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          bgcolor: over ? 'action.hover' : undefined,
        }}
      >
        <Typography sx={{ mb: 1 }}>{translate('tours.gallery_tab.drop_here')}</Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          multiple
          accept={MEDIA_TYPES.join(',')}
          hidden
          onChange={(event) => {
            if (event.target.files) add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" startIcon={<CloudUploadIcon />} disabled={sending} onClick={() => input.current?.click()}>
          {translate('tours.gallery_tab.choose')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('tours.gallery_tab.limits', { megabytes: MEGABYTES, megapixels: MEDIA_RULES.maxPixels / 1_000_000 })}
        </Typography>
      </Box>

      {queue.length > 0 && (
        <Box component="section" aria-label={translate('tours.gallery_tab.to_add')} sx={{ mt: 2 }}>
          <Stack component="ul" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
            {queue.map((item) => (
              <Card component="li" key={item.key} variant="outlined">
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, p: 1.5 }}>
                  {fileProblem(item.file) === null ? (
                    <Box
                      component="img"
                      src={item.preview}
                      alt=""
                      sx={{ width: { xs: '100%', sm: 160 }, height: 120, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0 }}
                    />
                  ) : (
                    <Box sx={{ width: { xs: '100%', sm: 160 }, height: 120, borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0, display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
                      <BlockIcon aria-hidden />
                    </Box>
                  )}
                  <Stack sx={{ flex: 1, gap: 1, minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {item.file.name} · {fileSize(item.file.size)}
                    </Typography>
                    {fileProblem(item.file) === null && (
                      <>
                        <TextField
                          label={translate('tours.gallery_tab.alt')}
                          required
                          size="small"
                          value={item.alt}
                          disabled={sending}
                          onChange={(event) => change(item.key, { alt: event.target.value })}
                          error={Boolean(item.fieldErrors.alt) || (item.alt.length > MEDIA_RULES.alt.maxLength)}
                          helperText={item.fieldErrors.alt ?? (item.alt.length > MEDIA_RULES.alt.maxLength ? translate('tours.gallery_tab.at_most', { limit: MEDIA_RULES.alt.maxLength }) : translate('tours.gallery_tab.alt_help'))}
                          slotProps={{ htmlInput: { maxLength: MEDIA_RULES.alt.maxLength } }}
                        />
                        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
                          <TextField
                            label={translate('tours.gallery_tab.caption')}
                            size="small"
                            value={item.caption}
                            disabled={sending}
                            onChange={(event) => change(item.key, { caption: event.target.value })}
                            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.caption.maxLength } }}
                            sx={{ flex: 2 }}
                          />
                          <TextField
                            label={translate('tours.gallery_tab.credit')}
                            size="small"
                            value={item.credit}
                            disabled={sending}
                            onChange={(event) => change(item.key, { credit: event.target.value })}
                            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.credit.maxLength } }}
                            sx={{ flex: 1 }}
                          />
                        </Stack>
                      </>
                    )}
                    {item.progress !== null && (
                      <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} aria-label={translate('tours.gallery_tab.sending', { name: item.file.name })} />
                    )}
                    {(item.problem ?? fileProblem(item.file)) && (
                      <Alert severity="error" sx={{ py: 0 }}>
                        {item.problem ?? fileProblem(item.file)}
                      </Alert>
                    )}
                  </Stack>
                  <Box>
                    <Button size="small" startIcon={<DeleteIcon />} disabled={sending} onClick={() => drop(item.key)} aria-label={translate('tours.gallery_tab.take_off_name', { name: item.file.name })}>
                      {translate('tours.gallery_tab.take_off')}
                    </Button>
                  </Box>
                </Stack>
              </Card>
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mt: 1.5 }}>
            {sendable.length > 0 && (
              <Button variant="contained" startIcon={<CloudUploadIcon />} disabled={sending || missingAlt.length > 0 || tooMany} onClick={() => void sendAll()}>
                {sending ? translate('tours.gallery_tab.adding') : translate('tours.gallery_tab.add_count', { smart_count: sendable.length })}
              </Button>
            )}
            {missingAlt.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {translate('tours.gallery_tab.missing_alt', { smart_count: missingAlt.length })}
              </Typography>
            )}
            {tooMany && (
              <Typography variant="body2" color="error">
                {translate('tours.gallery_tab.room', { smart_count: room, max: MEDIA_RULES.maxPerTour })}
              </Typography>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function TextsDialog({ tour, media, onClose }: { tour: Tour; media: Media; onClose: () => void }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [values, setValues] = useState({ alt: media.alt, caption: media.caption, credit: media.credit });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (values.alt.trim() === '') {
      setErrors({ alt: translate('tours.gallery_tab.alt_required') });
      return;
    }
    setSaving(true);
    try {
      const patch: MediaPatch = { alt: values.alt.trim(), caption: values.caption.trim(), credit: values.credit.trim() };
      await tourParts(dataProvider, tour.id).updatePicture(media.id, patch);
      notify('tours.gallery_tab.saved', { type: 'success' });
      onClose();
    } catch (error) {
      notify(refusalText(error), { type: 'error' });
      setErrors(fieldErrorsOf(error) ?? {});
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="picture-dialog-title">
      <DialogTitle id="picture-dialog-title">{translate('tours.gallery_tab.texts_title')}</DialogTitle>
      <DialogContent>
        <Box component="img" src={media.urls.medium} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'contain', mb: 1 }} />
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            label={translate('tours.gallery_tab.alt')}
            required
            value={values.alt}
            onChange={(event) => setValues({ ...values, alt: event.target.value })}
            error={Boolean(errors.alt)}
            helperText={errors.alt ?? translate('tours.gallery_tab.alt_help')}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.alt.maxLength } }}
          />
          <TextField
            label={translate('tours.gallery_tab.caption')}
            value={values.caption}
            onChange={(event) => setValues({ ...values, caption: event.target.value })}
            error={Boolean(errors.caption)}
            helperText={errors.caption}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.caption.maxLength } }}
          />
          <TextField
            label={translate('tours.gallery_tab.credit')}
            value={values.credit}
            onChange={(event) => setValues({ ...values, credit: event.target.value })}
            error={Boolean(errors.credit)}
            helperText={errors.credit}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.credit.maxLength } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('tours.component.cancel')}</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          {translate('tours.component.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function TourGallery({ tour }: { tour: Tour }) {
  const gallery = useGallery(tour.id);
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { canAccess: canChange } = useCanAccess({ resource: 'tours', action: 'edit' });
  const { busy, act } = useTourChange();
  const [editing, setEditing] = useState<Media | null>(null);
  const [removing, setRemoving] = useState<Media | null>(null);
  const parts = tourParts(dataProvider, tour.id);
  const translate = useTranslate();

  if (gallery.error) return <LoadFailure error={gallery.error} onRetry={gallery.refetch} what={translate('tours.gallery_tab.the_pictures')} />;
  const pictures = gallery.data ?? [];
  const move = (from: number, to: number) => act(() => parts.updatePicture(pictures[from].id, { position: to }), translate('tours.gallery_tab.moved', { place: to + 1 }));

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography component="h2" variant="h6">
          {translate('tours.gallery')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('tours.gallery_tab.count', { count: pictures.length, max: MEDIA_RULES.maxPerTour })}
        </Typography>
      </Stack>
      {canChange === true && <UploadQueue tour={tour} room={MEDIA_RULES.maxPerTour - pictures.length} />}
      {gallery.isPending ? (
        <Typography color="text.secondary">{translate('tours.gallery_tab.loading')}</Typography>
      ) : pictures.length === 0 ? (
        <Typography color="text.secondary">{translate('tours.gallery_tab.none_yet')}{canChange === true ? translate('tours.gallery_tab.first_is_cover') : ''}</Typography>
      ) : (
        <Sortable
          items={pictures}
          idOf={(media) => media.id}
          nameOf={(media) => translate('tours.gallery_tab.sort_name', { alt: media.alt })}
          onMove={move}
          disabled={canChange !== true || busy}
          layout="grid"
          itemElement="li"
          container={(children) => (
            <Box
              component="ol"
              aria-label={translate('tours.gallery_tab.pictures')}
              sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5, listStyle: 'none', p: 0, m: 0 }}
            >
              {children}
            </Box>
          )}
        >
          {(media, index, handle) => (
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <Box sx={{ position: 'relative' }}>
                <Box component="img" src={media.urls.thumb} alt={media.alt} loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'action.hover' }} />
                {media.isCover && <Chip label={translate('tours.gallery_tab.cover')} size="small" color="primary" icon={<StarIcon />} sx={{ position: 'absolute', top: 6, left: 6 }} />}
              </Box>
              <CardContent sx={{ py: 1, flex: 1 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {media.caption || media.alt}
                </Typography>
                {media.credit && (
                  <Typography variant="caption" color="text.secondary">
                    © {media.credit}
                  </Typography>
                )}
              </CardContent>
              {canChange === true && (
                <CardActions sx={{ flexWrap: 'wrap', gap: 0, pt: 0 }} disableSpacing>
                  {handle}
                  <Tooltip title={translate('tours.day.earlier')}>
                    <span>
                      <IconButton size="small" aria-label={translate('tours.gallery_tab.move_earlier', { alt: media.alt })} disabled={busy || index === 0} onClick={() => void move(index, index - 1)}>
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('tours.day.later')}>
                    <span>
                      <IconButton size="small" aria-label={translate('tours.gallery_tab.move_later', { alt: media.alt })} disabled={busy || index === pictures.length - 1} onClick={() => void move(index, index + 1)}>
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate(media.isCover ? 'tours.gallery_tab.is_cover' : 'tours.gallery_tab.make_cover')}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={translate(media.isCover ? 'tours.gallery_tab.is_cover_name' : 'tours.gallery_tab.make_cover_name', { alt: media.alt })}
                        aria-pressed={media.isCover}
                        disabled={busy || media.isCover}
                        onClick={() => void act(() => parts.updatePicture(media.id, { isCover: true }), 'tours.gallery_tab.cover_changed')}
                      >
                        {media.isCover ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('tours.gallery_tab.change_texts')}>
                    <IconButton size="small" aria-label={translate('tours.gallery_tab.change_texts_name', { alt: media.alt })} disabled={busy} onClick={() => setEditing(media)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('tours.component.remove')}>
                    <IconButton size="small" aria-label={translate('tours.gallery_tab.remove_name', { alt: media.alt })} disabled={busy} onClick={() => setRemoving(media)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </CardActions>
              )}
            </Card>
          )}
        </Sortable>
      )}
      {editing && <TextsDialog tour={tour} media={editing} onClose={() => setEditing(null)} />}
      <Confirm
        isOpen={removing !== null}
        title="tours.gallery_tab.remove_title"
        content={removing?.isCover ? 'tours.gallery_tab.remove_cover' : 'tours.gallery_tab.remove_copies'}
        confirm="tours.component.remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const media = removing!;
          setRemoving(null);
          void act(() => parts.removePicture(media.id), 'tours.gallery_tab.removed');
        }}
      />
    </Box>
  );
}
