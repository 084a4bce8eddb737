#include <cairo.h>
#include <math.h>
#include <stdlib.h>
#include "CairoBaseline.h"

struct CairoRing {
  cairo_surface_t *surface;
  cairo_t *cr;
};

CairoRing *cairo_ring_create(int width, int height) {
  CairoRing *ring = malloc(sizeof *ring);
  ring->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
  ring->cr = cairo_create(ring->surface);
  return ring;
}

void cairo_ring_render(CairoRing *ring, double size, double ring_width, double scale,
                       const double *rgb, int count) {
  cairo_t *cr = ring->cr;
  cairo_save(cr);
  cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint(cr);
  cairo_restore(cr);
  cairo_save(cr);
  cairo_scale(cr, scale, scale);
  cairo_pattern_t *pattern = cairo_pattern_create_linear(0, 0, size, size);
  for (int i = 0; i < count; i++) {
    cairo_pattern_add_color_stop_rgb(pattern, (double)i / (count - 1), rgb[3 * i], rgb[3 * i + 1],
                                     rgb[3 * i + 2]);
  }
  cairo_set_source(cr, pattern);
  cairo_set_line_width(cr, ring_width);
  cairo_new_path(cr);
  cairo_arc(cr, size / 2, size / 2, size / 2 - ring_width / 2, 0, 2 * M_PI);
  cairo_stroke(cr);
  cairo_pattern_destroy(pattern);
  cairo_restore(cr);
  cairo_surface_flush(ring->surface);
}

const unsigned char *cairo_ring_pixels(CairoRing *ring, int *stride) {
  *stride = cairo_image_surface_get_stride(ring->surface);
  return cairo_image_surface_get_data(ring->surface);
}

void cairo_ring_destroy(CairoRing *ring) {
  cairo_destroy(ring->cr);
  cairo_surface_destroy(ring->surface);
  free(ring);
}
