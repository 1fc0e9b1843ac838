import type { ImageData, Person } from '@thumbnail-studio/providers';

/** Each person's primary photo (the first), for people who have one. */
export const primaryPhotos = (people: Person[]): ImageData[] =>
  people.flatMap((person) => person.photos.slice(0, 1));
