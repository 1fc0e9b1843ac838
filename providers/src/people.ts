import type { PromptPerson } from './prompts';
import type { ImageData, Person } from './types';

/** The people's photos a provider sends, and the people as the instruction names them. */
export interface PeoplePhotos {
  /** In the order they are sent, after the images that go before them. */
  photos: ImageData[];
  /** Every selected person, with the numbers their photos get among all images sent. */
  people: PromptPerson[];
}

/**
 * Picks at most `limit` photos across all people: every person's primary
 * photo first, then each one's next photo in turn, so nobody is left out
 * while another gets a second photo. The photos are numbered as sent right
 * after `before` other images.
 */
export function pickPeoplePhotos(people: Person[], limit: number, before: number): PeoplePhotos {
  const numbers: number[][] = people.map(() => []);
  const photos: ImageData[] = [];
  const rounds = Math.max(0, ...people.map((person) => person.photos.length));
  for (let round = 0; round < rounds; round++) {
    people.forEach((person, index) => {
      const photo = person.photos[round];
      if (!photo || photos.length >= limit) return;
      photos.push(photo);
      numbers[index]?.push(before + photos.length);
    });
  }
  return {
    photos,
    people: people.map((person, index) => ({ name: person.name, imageNumbers: numbers[index] ?? [] })),
  };
}
