import { useCallback, useEffect, useState } from 'react';
import type { Video } from '~/lib/wordpress/types';
import { formatDuration, spokenDuration } from './home-model';
import { PlayIcon } from './icons';
import { Section } from '~/components/ui/Section';

type VideoCardProps = {
  video: Video;
  /** The first video plays muted. */
  muted: boolean;
  playing: boolean;
  onPlay: () => void;
};

/**
 * One video: until it is clicked only its poster image exists (no <video>, so no video bytes are
 * fetched); the click mounts the player, which starts at once with controls.
 */
function VideoCard({ video, muted, playing, onPlay }: VideoCardProps) {
  const duration = formatDuration(video.duration);
  const spoken = spokenDuration(video.duration);

  // Set on the element itself: React does not reflect `muted` as an attribute, and autoplay rules
  // read the property at play time. Focus moves to the player, which replaced the button.
  const startPlayer = useCallback(
    (el: HTMLVideoElement | null) => {
      if (!el) return;
      el.muted = muted;
      el.focus({ preventScroll: true });
      el.play().catch(() => {
        // Autoplay refused (rare after a click): the controls are there to start it by hand.
      });
    },
    [muted],
  );

  return (
    <article className="flex h-full flex-col" data-testid="home-video" data-video-id={video.id} aria-labelledby={`video-${video.id}-title`}>
      <div className="relative aspect-video overflow-hidden rounded-2xl bg-brand-950 shadow-card">
        {playing ? (
          <video
            ref={startPlayer}
            src={video.videoUrl}
            poster={video.thumbnail ?? undefined}
            controls
            playsInline
            autoPlay
            muted={muted}
            preload="auto"
            className="h-full w-full bg-black object-contain"
            aria-label={video.title}
          />
        ) : (
          <button
            type="button"
            onClick={onPlay}
            aria-label={`Play video: ${video.title}`}
            className="group absolute inset-0 h-full w-full focus-visible:ring-offset-0"
          >
            {video.thumbnail ? (
              <img
                src={video.thumbnail}
                alt=""
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
            ) : (
              <span className="block h-full w-full bg-gradient-to-br from-brand-800 to-brand-950" />
            )}
            <span aria-hidden="true" className="absolute inset-0 bg-brand-950/25 transition group-hover:bg-brand-950/10" />
            <span
              aria-hidden="true"
              className="absolute left-1/2 top-1/2 flex h-14 w-14 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-brand-800 shadow-dialog transition group-hover:scale-105 group-hover:bg-white"
            >
              <PlayIcon className="ml-0.5 h-6 w-6" />
            </span>
          </button>
        )}
        {/* Outside the button: its name is "Play video: {title}", and visible text inside would have to be part of it. */}
        {duration && !playing ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute bottom-3 right-3 rounded-md bg-black/70 px-2 py-0.5 text-xs font-semibold tabular-nums text-white"
          >
            {duration}
          </span>
        ) : null}
      </div>
      <h3 id={`video-${video.id}-title`} className="mt-3 font-semibold leading-snug text-slate-900">
        {video.title}
        {/* The length shows on the poster; here it is spoken (a bare "0:07" reads poorly). */}
        {spoken ? <span className="sr-only">, {spoken}</span> : null}
      </h3>
    </article>
  );
}

/**
 * Videos (four short videos; a click loads and autoplays one at a time; the first is muted).
 * Only the playing video has a player: starting another unmounts the previous one, which stops it
 * and frees its buffer. Mobile: a swipeable row; desktop: four columns.
 */
export function VideoSection({ videos }: { videos: Video[] }) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  // Marks the section interactive once hydrated (it hydrates after the page: see `deferred` in lib/page/deferred.tsx).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (videos.length === 0) return null;

  return (
    <Section
      id="videos-title"
      eyebrow="See them move"
      title="Videos"
      intro="Walkarounds, test drives and loading days at the port — a closer look before you buy."
      className="py-14 md:py-20"
      data-testid="videos"
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <ul className="relative -mx-4 mt-8 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:mt-10 md:grid md:grid-cols-2 md:gap-6 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-4">
        {videos.map((video, index) => (
          <li key={video.id} className="w-[80%] max-w-[22rem] flex-none snap-start md:w-auto md:max-w-none">
            <VideoCard video={video} muted={index === 0} playing={playingId === video.id} onPlay={() => setPlayingId(video.id)} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
