import type { LogoLayer } from '@thumbnail-studio/contract';
import 'konva/lib/shapes/Image';
import { Group, Image, Rect } from 'react-konva/lib/ReactKonvaCore';
import { useLoadedImage } from '../../../lib/use-loaded-image';
import { LOGO_ID } from '../utils/layers-history';
import { type BoxGestures, draggableBox } from './layer-shape';

interface LogoShapeProps extends BoxGestures {
  logo: LogoLayer;
}

/**
 * The logo layer on the canvas: its picture fitted into its box, keeping its proportions and
 * centred, as the server draws it, over an invisible box that takes clicks and drags.
 */
export function LogoShape({ logo, ...gestures }: LogoShapeProps) {
  const { image } = useLoadedImage(logo.url);
  const { box } = logo;
  const fit = image ? Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight) : 0;
  const width = image ? image.naturalWidth * fit : 0;
  const height = image ? image.naturalHeight * fit : 0;
  return (
    <Group id={LOGO_ID} name="logo-layer" {...draggableBox(box, gestures)}>
      <Rect width={box.width} height={box.height} fill="transparent" />
      {image && (
        <Image
          image={image}
          x={(box.width - width) / 2}
          y={(box.height - height) / 2}
          width={width}
          height={height}
          listening={false}
        />
      )}
    </Group>
  );
}
