/** The image providers' request builders, shared by the worker and the browser (a creator's own key). */
export {};
