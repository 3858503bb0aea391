import type { Video } from '~/lib/wordpress/types';
import { BodyTypeTiles } from './BodyTypeTiles';
import { VideoSection } from './VideoSection';
import { WhyChoose } from './WhyChoose';

export type BelowFoldProps = { videos: Video[] };

/** The home sections under the featured cars: Browse by Body, Why Choose and Videos. */
export function BelowFold({ videos }: BelowFoldProps) {
  return (
    <>
      <BodyTypeTiles />
      <WhyChoose />
      <VideoSection videos={videos} />
    </>
  );
}
