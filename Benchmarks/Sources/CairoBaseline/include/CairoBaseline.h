#ifndef CAIRO_BASELINE_H
#define CAIRO_BASELINE_H
/// The ring drawn by Cairo, as a Cairo user would: a linear pattern with the frame's stops,
/// stroked along the circle, into an ARGB32 image surface kept between frames.
typedef struct CairoRing CairoRing;
CairoRing *cairo_ring_create(int width, int height);
/// Draws one frame: `rgb` holds `count` colours (red, green, blue in 0...1) evenly spaced
/// from the top-left to the bottom-right of the `size`-point square, at `scale`.
void cairo_ring_render(CairoRing *ring, double size, double ring_width, double scale,
                       const double *rgb, int count);
/// The surface's pixels (premultiplied ARGB32, native endian) and row stride in bytes.
const unsigned char *cairo_ring_pixels(CairoRing *ring, int *stride);
void cairo_ring_destroy(CairoRing *ring);
#endif
