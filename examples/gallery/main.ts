// The screen gallery of the sandbox (docs/gallery.md): the page at /__sandbox/gallery, or one
// state's frame at /__sandbox/gallery/tile/<id>, which the page embeds once per state.
import { startGallery } from './page';
import { adoptGalleryStyles } from './styles';
import { runTile } from './tile';

const tile = document.body.dataset.galleryTile;
const gallery = document.getElementById('gallery');
if (tile) {
  adoptGalleryStyles(document, 'tile');
  runTile(tile, document.getElementById('tile') ?? document.body);
} else if (gallery) {
  adoptGalleryStyles(document, 'page');
  startGallery(gallery).catch((error: unknown) => {
    console.error('gallery: could not start', error);
    gallery.replaceChildren(`The gallery could not start: ${(error as Error).message}`);
  });
}
