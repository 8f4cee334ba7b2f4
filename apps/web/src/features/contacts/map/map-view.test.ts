import { describe, expect, it } from 'vitest';
import { clusterSize, extentOf, mergeOverlapping, queryBox, stackPoints } from './map-view';

describe('mapa de contactos: lo que pide y cómo lo dibuja', () => {
  it('pide el recuadro visible con un margen, dentro de lo que el servidor acepta', () => {
    expect(queryBox({ south: -35, west: -57, north: -34, east: -56 })).toEqual({
      south: -35.25,
      west: -57.25,
      north: -33.75,
      east: -55.75,
    });
    // The whole world, panned: the longitudes stop at what the server takes.
    expect(queryBox({ south: -80, west: -400, north: 80, east: 300 })).toEqual({
      south: -90,
      west: -180,
      north: 90,
      east: 180,
    });
  });

  it('encuadra todos los grupos y contactos de la primera respuesta', () => {
    expect(extentOf([], [])).toBeNull();
    expect(
      extentOf(
        [
          {
            latitude: -34.9,
            longitude: -56.2,
            south: -34.95,
            west: -56.25,
            north: -34.85,
            east: -56.1,
          },
        ],
        [{ latitude: -34.7, longitude: -56.3 }],
      ),
    ).toEqual({ south: -34.95, west: -56.3, north: -34.7, east: -56.1 });
  });

  it('apila los contactos de una misma dirección', () => {
    const stacks = stackPoints([
      { id: 'a', latitude: -34.9, longitude: -56.2 },
      { id: 'b', latitude: -34.9, longitude: -56.2 },
      { id: 'c', latitude: -34.91, longitude: -56.2 },
    ]);
    expect(stacks.map((stack) => stack.map((point) => point.id))).toEqual([['a', 'b'], ['c']]);
  });

  it('el disco de un grupo crece con su cantidad, con tope', () => {
    expect(clusterSize(2)).toBe(34);
    expect(clusterSize(100)).toBe(42);
    expect(clusterSize(1_000_000)).toBe(58);
  });
});

describe('mapa de contactos: grupos que se tocan', () => {
  // One degree is 100 px in both directions.
  const project = (latitude: number, longitude: number) => ({
    x: longitude * 100,
    y: -latitude * 100,
  });
  const cluster = (latitude: number, longitude: number, count: number) => ({
    latitude,
    longitude,
    count,
    south: latitude,
    north: latitude,
    west: longitude,
    east: longitude,
  });

  it('une los discos que se superponen y suma sus contactos, y absorbe los puntos debajo', () => {
    const merged = mergeOverlapping(
      [cluster(0, 0, 30), cluster(0, 0.2, 10), cluster(0, 3, 4)],
      [
        { id: 'under', latitude: 0.1, longitude: 0 },
        { id: 'free', latitude: 2, longitude: 2 },
      ],
      project,
    );
    expect(merged.clusters.map((each) => each.count)).toEqual([41, 4]);
    expect(merged.clusters[0]).toMatchObject({ west: 0, east: 0.2, north: 0.1 });
    expect(merged.clusters[0]!.longitude).toBeCloseTo(2 / 41);
    expect(merged.points.map((point) => point.id)).toEqual(['free']);
  });
});
