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
import { Confirm, useCanAccess, useDataProvider, useNotify } from 'react-admin';
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
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return 'Not a JPEG, PNG, WebP or AVIF picture: it cannot be added.';
  if (file.size > MEDIA_RULES.maxBytes) return `Larger than ${MEGABYTES} MB: it cannot be added.`;
  return null;
}

let queuedSequence = 0;

function UploadQueue({ tour, room }: { tour: Tour; room: number }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
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
    if (sent > 0) notify(sent === 1 ? 'Picture added' : `${sent} pictures added`, { type: 'success' });
    if (failed > 0) notify(failed === 1 ? 'One picture was not added: see why below.' : `${failed} pictures were not added: see why below.`, { type: 'error' });
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
        <Typography sx={{ mb: 1 }}>Drop pictures here, or</Typography>
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
          Choose pictures
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          JPEG, PNG, WebP or AVIF, up to {MEGABYTES} MB and {MEDIA_RULES.maxPixels / 1_000_000} megapixels each. Camera and location data are removed.
        </Typography>
      </Box>

      {queue.length > 0 && (
        <Box component="section" aria-label="Pictures to add" sx={{ mt: 2 }}>
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
                          label="Alt text"
                          required
                          size="small"
                          value={item.alt}
                          disabled={sending}
                          onChange={(event) => change(item.key, { alt: event.target.value })}
                          error={Boolean(item.fieldErrors.alt) || (item.alt.length > MEDIA_RULES.alt.maxLength)}
                          helperText={item.fieldErrors.alt ?? (item.alt.length > MEDIA_RULES.alt.maxLength ? `At most ${MEDIA_RULES.alt.maxLength} characters.` : 'What the picture shows, for people who cannot see it')}
                          slotProps={{ htmlInput: { maxLength: MEDIA_RULES.alt.maxLength } }}
                        />
                        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
                          <TextField
                            label="Caption"
                            size="small"
                            value={item.caption}
                            disabled={sending}
                            onChange={(event) => change(item.key, { caption: event.target.value })}
                            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.caption.maxLength } }}
                            sx={{ flex: 2 }}
                          />
                          <TextField
                            label="Credit"
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
                      <LinearProgress variant="determinate" value={Math.round(item.progress * 100)} aria-label={`Sending ${item.file.name}`} />
                    )}
                    {(item.problem ?? fileProblem(item.file)) && (
                      <Alert severity="error" sx={{ py: 0 }}>
                        {item.problem ?? fileProblem(item.file)}
                      </Alert>
                    )}
                  </Stack>
                  <Box>
                    <Button size="small" startIcon={<DeleteIcon />} disabled={sending} onClick={() => drop(item.key)} aria-label={`Take ${item.file.name} off the list`}>
                      Take off
                    </Button>
                  </Box>
                </Stack>
              </Card>
            ))}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' }, mt: 1.5 }}>
            {sendable.length > 0 && (
              <Button variant="contained" startIcon={<CloudUploadIcon />} disabled={sending || missingAlt.length > 0 || tooMany} onClick={() => void sendAll()}>
                {sending ? 'Adding…' : sendable.length === 1 ? 'Add 1 picture' : `Add ${sendable.length} pictures`}
              </Button>
            )}
            {missingAlt.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {missingAlt.length === 1 ? 'One picture still needs its alt text.' : `${missingAlt.length} pictures still need their alt text.`}
              </Typography>
            )}
            {tooMany && (
              <Typography variant="body2" color="error">
                The tour has room for {room} more {room === 1 ? 'picture' : 'pictures'} (at most {MEDIA_RULES.maxPerTour}).
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
  const [values, setValues] = useState({ alt: media.alt, caption: media.caption, credit: media.credit });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (values.alt.trim() === '') {
      setErrors({ alt: 'Describe the picture: alt text is required.' });
      return;
    }
    setSaving(true);
    try {
      const patch: MediaPatch = { alt: values.alt.trim(), caption: values.caption.trim(), credit: values.credit.trim() };
      await tourParts(dataProvider, tour.id).updatePicture(media.id, patch);
      notify('Picture saved', { type: 'success' });
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
      <DialogTitle id="picture-dialog-title">The picture’s texts</DialogTitle>
      <DialogContent>
        <Box component="img" src={media.urls.medium} alt="" sx={{ width: '100%', maxHeight: 240, objectFit: 'contain', mb: 1 }} />
        <Stack sx={{ gap: 1.5 }}>
          <TextField
            label="Alt text"
            required
            value={values.alt}
            onChange={(event) => setValues({ ...values, alt: event.target.value })}
            error={Boolean(errors.alt)}
            helperText={errors.alt ?? 'What the picture shows, for people who cannot see it'}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.alt.maxLength } }}
          />
          <TextField
            label="Caption"
            value={values.caption}
            onChange={(event) => setValues({ ...values, caption: event.target.value })}
            error={Boolean(errors.caption)}
            helperText={errors.caption}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.caption.maxLength } }}
          />
          <TextField
            label="Credit"
            value={values.credit}
            onChange={(event) => setValues({ ...values, credit: event.target.value })}
            error={Boolean(errors.credit)}
            helperText={errors.credit}
            slotProps={{ htmlInput: { maxLength: MEDIA_RULES.credit.maxLength } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={saving} onClick={() => void save()}>
          Save
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

  if (gallery.error) return <LoadFailure error={gallery.error} onRetry={gallery.refetch} what="The pictures" />;
  const pictures = gallery.data ?? [];
  const move = (from: number, to: number) => act(() => parts.updatePicture(pictures[from].id, { position: to }), `Picture moved to place ${to + 1}`);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography component="h2" variant="h6">
          Gallery
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {pictures.length} of {MEDIA_RULES.maxPerTour} pictures
        </Typography>
      </Stack>
      {canChange === true && <UploadQueue tour={tour} room={MEDIA_RULES.maxPerTour - pictures.length} />}
      {gallery.isPending ? (
        <Typography color="text.secondary">Loading the pictures…</Typography>
      ) : pictures.length === 0 ? (
        <Typography color="text.secondary">No pictures yet.{canChange === true ? ' The first one added becomes the cover.' : ''}</Typography>
      ) : (
        <Sortable
          items={pictures}
          idOf={(media) => media.id}
          nameOf={(media) => `the picture “${media.alt}”`}
          onMove={move}
          disabled={canChange !== true || busy}
          layout="grid"
          itemElement="li"
          container={(children) => (
            <Box
              component="ol"
              aria-label="Pictures"
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
                {media.isCover && <Chip label="Cover" size="small" color="primary" icon={<StarIcon />} sx={{ position: 'absolute', top: 6, left: 6 }} />}
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
                  <Tooltip title="Earlier">
                    <span>
                      <IconButton size="small" aria-label={`Move the picture “${media.alt}” earlier`} disabled={busy || index === 0} onClick={() => void move(index, index - 1)}>
                        <ArrowBackIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Later">
                    <span>
                      <IconButton size="small" aria-label={`Move the picture “${media.alt}” later`} disabled={busy || index === pictures.length - 1} onClick={() => void move(index, index + 1)}>
                        <ArrowForwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={media.isCover ? 'This is the cover' : 'Make it the cover'}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={media.isCover ? `The picture “${media.alt}” is the cover` : `Make the picture “${media.alt}” the cover`}
                        aria-pressed={media.isCover}
                        disabled={busy || media.isCover}
                        onClick={() => void act(() => parts.updatePicture(media.id, { isCover: true }), 'Cover changed')}
                      >
                        {media.isCover ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title="Change its texts">
                    <IconButton size="small" aria-label={`Change the texts of the picture “${media.alt}”`} disabled={busy} onClick={() => setEditing(media)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Remove">
                    <IconButton size="small" aria-label={`Remove the picture “${media.alt}”`} disabled={busy} onClick={() => setRemoving(media)}>
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
        title="Remove this picture?"
        content={removing?.isCover ? 'It is the cover: the next picture becomes the cover.' : 'Its copies are deleted.'}
        confirm="Remove"
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const media = removing!;
          setRemoving(null);
          void act(() => parts.removePicture(media.id), 'Picture removed');
        }}
      />
    </Box>
  );
}
