import { SpotlessBooking, SpotlessChat, SpotlessSearch } from '@spotless/sdk/react';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';

const spotless = { publishableKey: 'pk_demo_sunrise_realty', baseUrl: window.SPOTLESS_URL };

function App() {
  const [city, setCity] = useState('Austin');
  const [log, setLog] = useState([]);
  const note = (text) => setLog((l) => [...l, { id: `${Date.now()}-${l.length}`, text }]);
  const onEvent = {
    search: (d) => note(`search: ${d.total} cleaners`),
    'booking:created': (d) => note(`booking #${d.bookingId} created`),
    'payment:succeeded': (d) => note(`booking #${d.bookingId} paid`),
  };
  return (
    <main style={{ maxWidth: 960, margin: '0 auto', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Property manager portal (React)</h1>
      <label>
        City{' '}
        <select value={city} onChange={(e) => setCity(e.target.value)}>
          <option>Austin</option>
          <option>Denver</option>
          <option>Seattle</option>
        </select>
      </label>
      <h2>Find a cleaner</h2>
      {/* A new city is a changed prop: the mounted widget searches it; a re-render asks nothing. */}
      <SpotlessSearch {...spotless} city={city} onEvent={onEvent} appearance={{ colorPrimary: '#1d4ed8' }} />
      <h2>Our preferred cleaner</h2>
      <SpotlessBooking {...spotless} cleanerId={1} onEvent={onEvent} />
      <h2>Events</h2>
      <ul>
        {log.map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </ul>
      <SpotlessChat {...spotless} />
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
