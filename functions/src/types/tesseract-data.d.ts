/** The English data package of tesseract.js: where its trained data lies, gzipped. */
declare module '@tesseract.js-data/eng' {
  const eng: { code: 'eng'; gzip: boolean; langPath: string };
  export default eng;
}
