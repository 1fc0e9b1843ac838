/** A channel's picture: the uploaded one, else its name's first letter in a coloured circle. */
export function ChannelAvatar({ name, image, size }: { name: string; image: string; size: number }) {
  if (image) {
    return (
      <img
        src={image}
        alt=""
        crossOrigin="anonymous"
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      className="flex items-center justify-center rounded-full font-medium text-white"
      style={{ width: size, height: size, fontSize: size / 2, background: '#6d28d9' }}
    >
      {initial}
    </span>
  );
}
