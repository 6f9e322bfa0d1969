import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';

import { AVATAR_UNREADABLE_MESSAGE } from '#contract/avatars.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';

import { useUploadAvatar } from '../api/avatar-mutations.ts';
import {
  centredCrop,
  clampCrop,
  type CropState,
  MAX_ZOOM,
  MIN_ZOOM,
  moveTo,
  positionOf,
  sourceSquare,
  zoomTo,
} from '../avatar-crop.ts';

/** The crop viewport's drawing size, in canvas pixels (shown smaller on narrow screens). */
const VIEWPORT = 288;
/** The side of the square that is uploaded; the server makes its own sizes from it. */
const OUTPUT = 768;

function draw(
  canvas: HTMLCanvasElement | null,
  image: HTMLImageElement,
  crop: CropState,
  { mask }: { mask: boolean },
) {
  const context = canvas?.getContext('2d');
  if (!canvas || !context) return;
  const square = sourceSquare(image, VIEWPORT, crop);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    image,
    square.x,
    square.y,
    square.size,
    square.size,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  if (!mask) return;
  // Darkens what lies outside the round avatar.
  context.save();
  context.fillStyle = 'rgba(15, 23, 42, 0.45)';
  context.beginPath();
  context.rect(0, 0, canvas.width, canvas.height);
  context.arc(canvas.width / 2, canvas.height / 2, canvas.width / 2, 0, Math.PI * 2, true);
  context.fill();
  context.restore();
}

function toBlob(canvas: HTMLCanvasElement): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
}

const sliderClasses = 'mt-2 block w-full accent-indigo-600';

/** Crop-to-square of the chosen picture: drag it or use the sliders; the preview shows the result. */
export function AvatarCropDialog({ file, onClose }: { file: File | null; onClose: () => void }) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog
      open={file !== null}
      onClose={isBusy ? () => undefined : onClose}
      title="Crop your picture"
      description="Drag the picture or use the sliders to choose the square that is shown."
    >
      {file ? (
        <CropEditor
          key={`${file.name}:${file.lastModified}:${file.size}`}
          file={file}
          onClose={onClose}
          onBusy={setBusy}
        />
      ) : null}
    </Dialog>
  );
}

function CropEditor({
  file,
  onClose,
  onBusy,
}: {
  file: File;
  onClose: () => void;
  onBusy: (isBusy: boolean) => void;
}) {
  const upload = useUploadAvatar();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [loadError, setLoadError] = useState<string | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const ids = useId();

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const next = new Image();
    next.onload = () => {
      setImage(next);
      setCrop(centredCrop(next, VIEWPORT));
    };
    next.onerror = () => setLoadError(AVATAR_UNREADABLE_MESSAGE);
    next.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (!image) return;
    draw(canvasRef.current, image, crop, { mask: true });
    draw(previewRef.current, image, crop, { mask: false });
  }, [image, crop]);

  useEffect(() => onBusy(upload.isPending), [onBusy, upload.isPending]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!image || !start || start.pointerId !== event.pointerId) return;
    // The canvas may be drawn smaller than its own pixels.
    const ratio = VIEWPORT / event.currentTarget.getBoundingClientRect().width;
    const dx = (event.clientX - start.x) * ratio;
    const dy = (event.clientY - start.y) * ratio;
    setCrop((current) =>
      clampCrop(image, VIEWPORT, { ...current, x: current.x + dx, y: current.y + dy }),
    );
    drag.current = { ...start, x: event.clientX, y: event.clientY };
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const save = async () => {
    if (!image) return;
    const output = document.createElement('canvas');
    output.width = OUTPUT;
    output.height = OUTPUT;
    draw(output, image, crop, { mask: false });
    const blob = await toBlob(output);
    if (!blob) {
      setLoadError(AVATAR_UNREADABLE_MESSAGE);
      return;
    }
    const fileName = blob.type === 'image/webp' ? 'avatar.webp' : 'avatar.png';
    upload.mutate({ image: blob, fileName }, { onSuccess: onClose });
  };

  const error = loadError ?? (upload.isError ? upload.error.message : null);
  const slider = (axis: 'x' | 'y', label: string) => (
    <div>
      <label htmlFor={`${ids}-${axis}`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`${ids}-${axis}`}
        type="range"
        min={0}
        max={100}
        step={1}
        value={image ? Math.round(positionOf(image, VIEWPORT, crop, axis)) : 0}
        disabled={!image}
        onChange={(event) =>
          image && setCrop(moveTo(image, VIEWPORT, crop, axis, Number(event.target.value)))
        }
        className={sliderClasses}
      />
    </div>
  );

  return (
    <>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <canvas
          ref={canvasRef}
          width={VIEWPORT}
          height={VIEWPORT}
          aria-hidden="true"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          className="aspect-square w-full max-w-72 cursor-move touch-none rounded-lg bg-slate-100"
        />
        <div className="flex w-full flex-col gap-4 sm:w-auto sm:min-w-44 sm:flex-1">
          <div>
            <label htmlFor={`${ids}-zoom`} className="text-sm font-medium text-slate-700">
              Zoom
            </label>
            <input
              id={`${ids}-zoom`}
              type="range"
              min={MIN_ZOOM}
              max={MAX_ZOOM}
              step={0.05}
              value={crop.zoom}
              // Enabled from the start, so that the dialog can focus it while the picture loads.
              data-autofocus
              onChange={(event) =>
                image && setCrop(zoomTo(image, VIEWPORT, crop, Number(event.target.value)))
              }
              className={sliderClasses}
            />
          </div>
          {slider('x', 'Left to right')}
          {slider('y', 'Top to bottom')}
          <div className="flex items-center gap-3">
            <canvas
              ref={previewRef}
              width={96}
              height={96}
              role="img"
              aria-label="Preview of your new picture"
              className="size-14 rounded-full bg-slate-100"
            />
            <span className="text-sm text-slate-500">Preview</span>
          </div>
        </div>
      </div>
      {error ? (
        <Alert className="mt-4" title="The picture was not saved">
          {error}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={upload.isPending} disabled={!image}>
          Save picture
        </Button>
      </div>
    </>
  );
}
