import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  divIcon,
  latLngBounds,
  point as screenPoint,
  type LeafletEventHandlerFnMap,
  type LeafletKeyboardEvent,
  type Map as LeafletMap,
  type Marker as LeafletMarker,
} from 'leaflet';
import {
  MapContainer,
  Marker,
  Popup,
  TileLayer,
  ZoomControl,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { PageHeader } from '../../../ui/page-header';
import { QueryError } from '../../../ui/query-error';
import { AddressBookIcon, MapPinIcon } from '../../../ui/icons';
import { useMe } from '../../auth/session';
import { SearchBox } from '../../pickers/search-box';
import { ContactFilters, hasActiveFilters, type ContactListFilters } from '../contact-filters';
import { contactName, seesOnlyOwnContacts } from '../contact-format';
import classes from './contact-map.module.css';
import {
  clusterSize,
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  extentOf,
  FIT_MAX_ZOOM,
  MAX_ZOOM,
  mergeOverlapping,
  POINTS_ZOOM,
  queryBox,
  stackPoints,
  WORLD,
  type MapView,
} from './map-view';

type ContactMap = RouterOutputs['contact']['map'];
type MapPoint = ContactMap['points'][number];
type MapCluster = ContactMap['clusters'][number];

const text = es.contacts.map;

/**
 * '/contacts/map' ('Mapa', issue #44 item 1): the located contacts the user may see, with the
 * list's search and filters. The server groups them by zoom (contact.map): a disc with a count
 * zooms into its group, a dot opens its contact, contacts at one same address share a marker
 * that lists them. The first answer (the whole world) sets the view around the contacts.
 */
export function ContactMapPage({
  search,
  filters,
  onSearchChange,
  onFiltersChange,
}: {
  search: string;
  filters: ContactListFilters;
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: ContactListFilters) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const onlyOwn = me ? seesOnlyOwnContacts(me.user.roles) : true;
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  const filterInput = {
    search: search || undefined,
    statusTag: filters.statusTag,
    origin: filters.origin,
    agentId: filters.agentId,
    companyId: filters.companyId,
    activeFrom: filters.activeFrom,
    activeTo: filters.activeTo,
    filters: filters.filters.length > 0 ? filters.filters : undefined,
  };
  const filterKey = JSON.stringify(filterInput);
  // Until the first answer is fitted, the whole world is asked for, once per set of filters.
  const [fitted, setFitted] = useState<string | null>(null);
  const [view, setView] = useState<MapView>({ zoom: 2, bounds: WORLD });
  const asked = fitted === filterKey ? view : { zoom: 2, bounds: WORLD };
  const map = useQuery(
    trpc.contact.map.queryOptions(
      { ...filterInput, ...asked },
      { placeholderData: keepPreviousData },
    ),
  );
  const filtering = Boolean(search) || hasActiveFilters(filters);
  const data = map.data;
  const stale = map.isPlaceholderData || (fitted !== filterKey && !map.isFetched);

  return (
    <Stack gap="md">
      <PageHeader
        title={text.title}
        intro={text.intro}
        actions={
          <Button
            variant="default"
            leftSection={<AddressBookIcon size={16} />}
            renderRoot={(props) => (
              <Link
                to="/contacts"
                search={{ ...filterInput, search: search || undefined }}
                {...props}
              />
            )}
          >
            {text.list}
          </Button>
        }
      />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <SearchBox
          aria-label={es.contacts.search}
          placeholder={es.contacts.searchPlaceholder}
          initial={search}
          onSearch={onSearchChange}
          w={{ base: '100%', sm: 340 }}
        />
        <ContactFilters
          value={filters}
          onChange={onFiltersChange}
          fields={fields.data ?? []}
          showAgent={!onlyOwn}
        />
      </Group>

      <div className={classes.frame}>
        <MapContainer
          center={DEFAULT_CENTER}
          zoom={DEFAULT_ZOOM}
          maxZoom={MAX_ZOOM}
          minZoom={2}
          zoomControl={false}
          attributionControl={Boolean(data?.tiles.attribution)}
          worldCopyJump
          aria-label={text.label}
          style={{ height: '100%' }}
        >
          {data && <TileLayer url={data.tiles.url} attribution={data.tiles.attribution} />}
          <ZoomControl position="topright" zoomInTitle={text.zoomIn} zoomOutTitle={text.zoomOut} />
          <ViewTracker onView={setView} />
          {data && fitted !== filterKey && !map.isPlaceholderData && (
            <FitOnce data={data} onFitted={() => setFitted(filterKey)} />
          )}
          {data && !stale && <Markers data={data} />}
        </MapContainer>

        <div className={classes.status} aria-live="polite">
          <Group gap="xs">
            {map.isFetching ? (
              <Paper shadow="xs" px="sm" py={6} radius="xl">
                <Group gap={8}>
                  <Loader size={14} />
                  <Text size="sm">{text.loading}</Text>
                </Group>
              </Paper>
            ) : (
              data &&
              data.total > 0 && (
                <Paper shadow="xs" px="sm" py={6} radius="xl">
                  <Group gap={6}>
                    <MapPinIcon size={16} />
                    <Text size="sm" fw={600}>
                      {data.total === 1 ? text.countOne : format(text.count, { n: data.total })}
                    </Text>
                  </Group>
                </Paper>
              )
            )}
          </Group>
          {data?.truncated && (
            <Paper shadow="xs" px="sm" py={6} mt="xs" radius="md" maw={360}>
              <Text size="sm">{format(text.truncated, { n: data.points.length })}</Text>
            </Paper>
          )}
        </div>

        {map.isError ? (
          <div className={classes.center}>
            <QueryError query={map} maw={420} />
          </div>
        ) : (
          data &&
          !map.isFetching &&
          data.total === 0 && (
            <div className={classes.center} style={{ pointerEvents: 'none' }}>
              <Paper shadow="sm" p="md" radius="md" maw={380} data-testid="contact-map-empty">
                <Text ta="center" c="dimmed">
                  {filtering ? text.emptyFiltered : text.empty}
                </Text>
              </Paper>
            </div>
          )
        )}
      </div>
    </Stack>
  );
}

/** Keeps the asked box in step with the map's: after every pan and zoom. */
function ViewTracker({ onView }: { onView: (view: MapView) => void }) {
  const map = useMapEvents({ moveend: () => onView(viewOf(map)) });
  useEffect(() => onView(viewOf(map)), [map, onView]);
  return null;
}

function viewOf(map: LeafletMap): MapView {
  const box = map.getBounds();
  return {
    zoom: Math.min(MAX_ZOOM, Math.max(0, Math.round(map.getZoom()))),
    bounds: queryBox({
      south: box.getSouth(),
      west: box.getWest(),
      north: box.getNorth(),
      east: box.getEast(),
    }),
  };
}

/** Frames the first answer's contacts (or leaves the default view when there are none). */
function FitOnce({ data, onFitted }: { data: ContactMap; onFitted: () => void }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const extent = extentOf(data.clusters, data.points);
    if (extent) {
      map.fitBounds(latLngBounds([extent.south, extent.west], [extent.north, extent.east]), {
        maxZoom: FIT_MAX_ZOOM,
        padding: [32, 32],
        animate: false,
      });
    }
    onFitted();
  }, [data, map, onFitted]);
  return null;
}

/** The answer's groups and contacts, those that would overlap on the screen joined. */
function Markers({ data }: { data: ContactMap }) {
  const map = useMap();
  const zoom = map.getZoom();
  const { clusters, points } = useMemo(
    () =>
      mergeOverlapping(data.clusters, data.points, (latitude, longitude) =>
        map.project([latitude, longitude], zoom),
      ),
    [data, map, zoom],
  );
  return (
    <>
      {clusters.map((cluster) => (
        <ClusterMarker key={`${cluster.latitude},${cluster.longitude}`} cluster={cluster} />
      ))}
      <PointMarkers points={points} />
    </>
  );
}

/**
 * A marker's action on a click, and on Enter or Space while it has the keyboard's focus
 * (Leaflet makes keyboard markers focusable buttons but gives them no key of their own).
 */
function onActivate(action: (marker: LeafletMarker) => void): LeafletEventHandlerFnMap {
  return {
    click: (event) => action(event.target as LeafletMarker),
    keydown: (event) => {
      const key = (event as LeafletKeyboardEvent).originalEvent;
      if (key.key !== 'Enter' && key.key !== ' ') return;
      key.preventDefault();
      action(event.target as LeafletMarker);
    },
  };
}

/** A group of contacts: its count in a disc; a click zooms into its extent. */
function ClusterMarker({ cluster }: { cluster: MapCluster }) {
  const map = useMap();
  const size = clusterSize(cluster.count);
  const icon = useMemo(
    () =>
      divIcon({
        className: classes.cluster,
        html: `<span aria-hidden="true">${cluster.count}</span>`,
        iconSize: [size, size],
      }),
    [cluster.count, size],
  );
  return (
    <Marker
      position={[cluster.latitude, cluster.longitude]}
      icon={icon}
      title={format(text.cluster, { n: cluster.count })}
      keyboard
      eventHandlers={onActivate(() => {
        const extent = latLngBounds([cluster.south, cluster.west], [cluster.north, cluster.east]);
        const zoom = map.getBoundsZoom(extent, false, screenPoint(48, 48));
        // A group that does not spread at the next zoom goes straight to single contacts.
        map.flyTo(extent.getCenter(), Math.max(map.getZoom() + 1, Math.min(zoom, POINTS_ZOOM)));
      })}
    />
  );
}

/** Single contacts: a dot opening the contact; several at one address, a marker listing them. */
function PointMarkers({ points }: { points: MapPoint[] }) {
  const navigate = useNavigate();
  const stacks = useMemo(() => stackPoints(points), [points]);
  const pointIcon = useMemo(() => divIcon({ className: classes.point, iconSize: [18, 18] }), []);
  return stacks.map((stack) => {
    const first = stack[0]!;
    if (stack.length === 1) {
      return (
        <Marker
          key={first.id}
          position={[first.latitude, first.longitude]}
          icon={pointIcon}
          title={format(text.open, { name: contactName(first) })}
          keyboard
          eventHandlers={onActivate(
            () => void navigate({ to: '/contact', search: { id: first.id } }),
          )}
        />
      );
    }
    return (
      <Marker
        key={first.id}
        position={[first.latitude, first.longitude]}
        icon={divIcon({
          className: classes.stack,
          html: `<span aria-hidden="true">${stack.length}</span>`,
          iconSize: [28, 28],
        })}
        title={format(text.stack, { n: stack.length })}
        keyboard
        eventHandlers={onActivate((marker) => marker.openPopup())}
      >
        <Popup>
          <Stack gap={4}>
            {stack.map((point) => (
              <Anchor
                key={point.id}
                size="sm"
                renderRoot={(props) => <Link to="/contact" search={{ id: point.id }} {...props} />}
              >
                {contactName(point)}
              </Anchor>
            ))}
          </Stack>
        </Popup>
      </Marker>
    );
  });
}
