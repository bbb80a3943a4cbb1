import type { Faker } from '@faker-js/faker';
import type { Amenity, City, PropertyType } from '../../../domain/property.ts';
import type { PropertyInputDraft, SpecificationsInput } from '../../../domain/schemas/property.ts';

/** What draftListing decides; the plan adds type, category, city and status, then parses it. */
export type Draft = Pick<
  PropertyInputDraft,
  | 'title'
  | 'description'
  | 'location'
  | 'price_per_day_cents'
  | 'amenities'
  | 'cleaning_fee_cents'
  | 'security_deposit_cents'
> & { specifications: SpecificationsInput };

const SUBURBS: Record<City, readonly string[]> = {
  'Cape Town': ['Sea Point', 'Camps Bay', 'Observatory', 'Woodstock', 'Constantia', 'Gardens', 'Muizenberg'],
  Johannesburg: ['Sandton', 'Rosebank', 'Melville', 'Maboneng', 'Parkhurst', 'Fourways', 'Greenside'],
  Durban: ['Umhlanga', 'Morningside', 'Berea', 'Glenwood', 'Durban North', 'Westville'],
  Pretoria: ['Hatfield', 'Brooklyn', 'Menlo Park', 'Waterkloof', 'Centurion', 'Lynnwood'],
  'Port Elizabeth': ['Summerstrand', 'Walmer', 'Richmond Hill', 'Humewood', 'Mill Park'],
  Bloemfontein: ['Westdene', 'Brandwag', 'Langenhoven Park', 'Willows', 'Universitas'],
  'East London': ['Quigney', 'Nahoon', 'Vincent', 'Beacon Bay', 'Gonubie'],
  Pietermaritzburg: ['Scottsville', 'Hilton', 'Wembley', 'Montrose', 'Chase Valley'],
  Rustenburg: ['Safari Gardens', 'Cashan', 'Waterfall East', 'Protea Park', 'Geelhoutpark'],
  Polokwane: ['Bendor', 'Flora Park', 'Fauna Park', 'Welgedacht', 'Ivy Park'],
};

const STREETS = [
  'Main Road',
  'Beach Road',
  'Church Street',
  'Voortrekker Road',
  'Jan Smuts Avenue',
  'Oxford Road',
  'Florida Road',
  'Kloof Street',
  'Nelson Mandela Drive',
  'Oliver Tambo Road',
  'Steve Biko Road',
  'Victoria Road',
  'Marine Drive',
  'Protea Street',
  'Jacaranda Avenue',
];

type Spec<T extends PropertyType> = Extract<SpecificationsInput, { type: T }>;

interface CategoryTemplate {
  names: readonly string[];
  /** Rand range, per night/day/hour/month as the type prices it. */
  price: readonly [number, number];
  blurb: readonly string[];
  amenities: readonly Amenity[];
  cleaning?: readonly [number, number];
  deposit?: readonly [number, number];
  specs: (f: Faker) => SpecificationsInput;
}

const accommodation = (bedrooms: [number, number], size: [number, number]) => (f: Faker) => {
  const rooms = f.number.int({ min: bedrooms[0], max: bedrooms[1] });
  return {
    type: 'accommodation',
    bedrooms: rooms,
    bathrooms: Math.max(1, rooms - f.number.int({ min: 0, max: 1 })),
    furnished: true,
    maxOccupants: Math.max(1, rooms * 2),
    maxGuests: Math.max(1, rooms * 2),
    squareFootage: f.number.int({ min: size[0], max: size[1], multipleOf: 10 }),
  } satisfies Spec<'accommodation'>;
};

const vehicle = (models: ReadonlyArray<readonly [string, string, number]>) => (f: Faker) => {
  const [make, model, seats] = f.helpers.arrayElement(models);
  return {
    type: 'vehicle',
    make,
    model,
    year: f.number.int({ min: 2017, max: 2025 }),
    mileage: f.number.int({ min: 8_000, max: 120_000, multipleOf: 500 }),
    fuelType: f.helpers.arrayElement(['petrol', 'diesel'] as const),
    transmission: f.helpers.arrayElement(['automatic', 'manual'] as const),
    seatingCapacity: seats,
  } satisfies Spec<'vehicle'>;
};

const gear =
  (kind: 'equipment' | 'electronics', models: ReadonlyArray<readonly [string, string]>, extras: string[]) =>
  (f: Faker): SpecificationsInput => {
    const [brand, model] = f.helpers.arrayElement(models);
    const condition = f.helpers.arrayElement(['new', 'excellent', 'good'] as const);
    return kind === 'equipment'
      ? {
          type: 'equipment',
          brand,
          model,
          condition,
          powerType: f.helpers.arrayElement(['Battery (18V)', 'Electric (230V)', 'Petrol', 'Manual']),
          weight: f.number.int({ min: 2, max: 900 }),
        }
      : {
          type: 'electronics',
          brand,
          model,
          condition,
          technicalSpecifications: extras[0],
          includedAccessories: extras.slice(1),
        };
  };

const TEMPLATES: Record<PropertyType, Record<string, CategoryTemplate>> = {
  accommodation: {
    house: {
      names: ['Sunny family home with pool', 'Spacious garden house', 'Modern family home near the beach'],
      price: [1400, 3800],
      blurb: [
        'Braai area and a big garden for the kids.',
        'Walking distance to cafés, parks and the local Spar.',
      ],
      amenities: ['wifi', 'parking', 'pool', 'security', 'laundry', 'pets_allowed'],
      cleaning: [350, 650],
      deposit: [1500, 4000],
      specs: accommodation([3, 5], [1400, 3200]),
    },
    apartment: {
      names: ['Stylish city apartment', 'Sea-view apartment with balcony', 'Loft apartment near the shops'],
      price: [850, 2200],
      blurb: [
        'Fibre Wi-Fi, inverter for load-shedding and secure parking.',
        'Smart TV with Netflix and a Nespresso machine.',
      ],
      amenities: ['wifi', 'parking', 'security', 'air_conditioning', 'gym'],
      cleaning: [250, 450],
      specs: accommodation([1, 2], [500, 1100]),
    },
    room: {
      names: ['Cosy private room', 'Garden room with en-suite', 'Quiet room for business travellers'],
      price: [450, 900],
      blurb: ['Own entrance, kettle and a desk for working.', 'Continental breakfast on request.'],
      amenities: ['wifi', 'parking', 'security'],
      specs: accommodation([1, 1], [180, 320]),
    },
    villa: {
      names: ['Luxury villa with infinity pool', 'Mountain-view villa with entertainment deck'],
      price: [4500, 9500],
      blurb: [
        'Solar power and a borehole keep it running during load-shedding.',
        'Heated pool, wine fridge and a pizza oven.',
      ],
      amenities: ['wifi', 'parking', 'pool', 'gym', 'security', 'air_conditioning', 'heating', 'laundry'],
      cleaning: [800, 1500],
      deposit: [5000, 10000],
      specs: accommodation([4, 6], [3500, 6000]),
    },
    cottage: {
      names: [
        'Self-catering garden cottage',
        'Rustic cottage with fireplace',
        'Thatched cottage under the trees',
      ],
      price: [650, 1400],
      blurb: ['Wood-burning fireplace for winter evenings.', 'Birdsong in the morning and a braai at night.'],
      amenities: ['wifi', 'parking', 'heating', 'pets_allowed'],
      cleaning: [200, 350],
      specs: accommodation([1, 2], [450, 900]),
    },
  },
  vehicle: {
    car: {
      names: ['Reliable city car', 'Double-cab bakkie for the weekend', 'Family SUV for road trips'],
      price: [450, 1500],
      blurb: ['Unlimited kilometres within South Africa.', 'Full tank on collection, return it full.'],
      amenities: ['parking'],
      deposit: [2500, 5000],
      specs: vehicle([
        ['Toyota', 'Corolla Cross', 5],
        ['Volkswagen', 'Polo Vivo', 5],
        ['Ford', 'Ranger', 5],
        ['Toyota', 'Fortuner', 7],
        ['Suzuki', 'Swift', 5],
      ]),
    },
    boat: {
      names: ['Ski boat for the dam', 'Fishing boat with skipper option'],
      price: [1800, 4500],
      blurb: ['Life jackets and a cooler box included.', 'Licensed skipper available on request.'],
      amenities: [],
      deposit: [5000, 10000],
      specs: vehicle([
        ['Bayliner', 'VR5', 8],
        ['Sea Ray', 'SPX 190', 8],
      ]),
    },
    motorcycle: {
      names: ['Adventure motorcycle', 'Dual-sport motorcycle for gravel roads'],
      price: [950, 1600],
      blurb: ['Two helmets and rain gear included.', 'Perfect for the Garden Route.'],
      amenities: [],
      deposit: [3000, 8000],
      specs: vehicle([
        ['BMW', 'R 1250 GS', 2],
        ['Honda', 'Africa Twin', 2],
        ['KTM', '890 Adventure', 2],
      ]),
    },
    rv: {
      names: ['Camper van for the Karoo', 'Motorhome sleeping four'],
      price: [1800, 3800],
      blurb: ['Fridge, gas stove and solar panel on board.', 'Camping chairs and braai grid included.'],
      amenities: [],
      cleaning: [450, 750],
      deposit: [5000, 10000],
      specs: vehicle([
        ['Volkswagen', 'Crafter Motorhome', 4],
        ['Mercedes-Benz', 'Sprinter Camper', 4],
      ]),
    },
    jet_ski: {
      names: ['Jet ski for summer fun', 'Two-seater jet ski'],
      price: [1200, 2500],
      blurb: ['Trailer included; launch permits are your own.', 'Fuel-efficient and easy to ride.'],
      amenities: [],
      deposit: [4000, 8000],
      specs: vehicle([
        ['Sea-Doo', 'Spark Trixx', 2],
        ['Yamaha', 'WaveRunner VX', 3],
      ]),
    },
  },
  equipment: {
    tools: {
      names: ['Cordless drill and driver kit', 'Tile cutter and grinder set', 'Pressure washer'],
      price: [120, 450],
      blurb: ['Two batteries and a charger included.', 'Cleaned and tested after every hire.'],
      amenities: [],
      deposit: [500, 1500],
      specs: gear(
        'equipment',
        [
          ['Makita', 'DHP482'],
          ['Bosch', 'GSB 18V-55'],
          ['DeWalt', 'DCD796'],
          ['Karcher', 'K5'],
        ],
        [],
      ),
    },
    machinery: {
      names: ['Concrete mixer', 'Mini excavator', 'Generator for load-shedding'],
      price: [450, 2800],
      blurb: ['Delivery available within 30 km.', 'Operator available at an extra charge.'],
      amenities: [],
      deposit: [2000, 8000],
      specs: gear(
        'equipment',
        [
          ['Bobcat', 'E17'],
          ['Honda', 'EU70is'],
          ['Altrad', 'MC 150'],
        ],
        [],
      ),
    },
    sports_equipment: {
      names: ['Mountain bike', 'Stand-up paddle board', 'Surfboard and wetsuit'],
      price: [150, 550],
      blurb: ['Helmet and lock included.', 'Ideal for a weekend on the water.'],
      amenities: [],
      deposit: [500, 2500],
      specs: gear(
        'equipment',
        [
          ['Specialized', 'Rockhopper'],
          ['Red Paddle Co', 'Ride 10.6'],
          ['Firewire', 'Seaside'],
        ],
        [],
      ),
    },
    camping_gear: {
      names: ['Rooftop tent', 'Complete camping kit for four', '4x4 fridge and solar kit'],
      price: [250, 750],
      blurb: ['Everything you need for a Kruger trip.', 'Packed and checked before collection.'],
      amenities: [],
      deposit: [1000, 3000],
      specs: gear(
        'equipment',
        [
          ['Front Runner', 'Roof Top Tent'],
          ['Snomaster', 'SMDZ-LP60'],
          ['Campmaster', 'Dome 4'],
        ],
        [],
      ),
    },
  },
  electronics: {
    camera: {
      names: ['Full-frame mirrorless camera', 'Vlogging camera kit'],
      price: [350, 900],
      blurb: ['Two batteries and a 128 GB card included.', 'Great for weddings and wildlife.'],
      amenities: [],
      deposit: [3000, 8000],
      specs: gear(
        'electronics',
        [
          ['Canon', 'EOS R6'],
          ['Sony', 'A7 IV'],
          ['Nikon', 'Z6 II'],
        ],
        ['24 MP sensor, 4K video', 'Battery charger', 'Camera bag'],
      ),
    },
    drone: {
      names: ['Camera drone with 4K video', 'Compact drone for travel'],
      price: [400, 850],
      blurb: [
        'Three batteries for about 90 minutes of flying.',
        'Fly legally: a remote pilot licence may be required.',
      ],
      amenities: [],
      deposit: [3000, 8000],
      specs: gear(
        'electronics',
        [
          ['DJI', 'Mavic 3 Classic'],
          ['DJI', 'Mini 4 Pro'],
        ],
        ['4K/60 video, 34 min flight', 'Spare propellers', 'Carry case'],
      ),
    },
    gaming_console: {
      names: ['Gaming console for the weekend', 'Console party pack'],
      price: [150, 400],
      blurb: ['Two controllers and popular games installed.', 'Perfect for a birthday sleepover.'],
      amenities: [],
      deposit: [1500, 3000],
      specs: gear(
        'electronics',
        [
          ['Sony', 'PlayStation 5'],
          ['Microsoft', 'Xbox Series X'],
          ['Nintendo', 'Switch OLED'],
        ],
        ['1 TB storage', 'Two controllers', 'HDMI cable'],
      ),
    },
    audio_equipment: {
      names: ['PA system for events', 'DJ controller and speakers'],
      price: [450, 1200],
      blurb: ['Set-up help available in town.', 'Wireless microphones included.'],
      amenities: [],
      deposit: [2000, 5000],
      specs: gear(
        'electronics',
        [
          ['JBL', 'EON 715'],
          ['Pioneer DJ', 'DDJ-FLX4'],
          ['Shure', 'SLXD24'],
        ],
        ['2 × 1300 W speakers', 'Microphones', 'Cables and stands'],
      ),
    },
  },
  event_space: {
    venue: {
      names: ['Wine farm wedding venue', 'Garden venue with marquee'],
      price: [1500, 3500],
      blurb: ['Seats up to 150 guests with a dance floor.', 'Preferred caterers and a bridal suite on site.'],
      amenities: ['parking', 'security', 'wifi'],
      cleaning: [1500, 3000],
      deposit: [5000, 10000],
      specs: (f) => ({
        type: 'event_space',
        capacity: f.number.int({ min: 80, max: 200, multipleOf: 10 }),
        indoorArea: f.number.int({ min: 200, max: 450 }),
        outdoorArea: f.number.int({ min: 300, max: 1500 }),
        layouts: ['Banquet', 'Theatre', 'Cocktail'],
        amenities: ['Dance floor', 'Bar', 'Generator'],
      }),
    },
    conference_room: {
      names: ['Boardroom for 12', 'Conference room with projector'],
      price: [350, 900],
      blurb: ['Fibre internet and backup power.', 'Coffee, tea and water included.'],
      amenities: ['wifi', 'parking', 'air_conditioning', 'security'],
      specs: (f) => ({
        type: 'event_space',
        capacity: f.number.int({ min: 10, max: 40 }),
        indoorArea: f.number.int({ min: 35, max: 120 }),
        layouts: ['Boardroom', 'U-shape', 'Classroom'],
        amenities: ['Projector', 'Whiteboard', 'Video conferencing'],
      }),
    },
    studio: {
      names: ['Photo and video studio', 'Podcast studio'],
      price: [400, 1100],
      blurb: ['Natural light, infinity wall and lighting kit.', 'Acoustic treatment and two mics.'],
      amenities: ['wifi', 'parking', 'air_conditioning'],
      cleaning: [200, 400],
      specs: (f) => ({
        type: 'event_space',
        capacity: f.number.int({ min: 6, max: 25 }),
        indoorArea: f.number.int({ min: 40, max: 150 }),
        layouts: ['Open studio'],
        amenities: ['Lighting kit', 'Backdrops', 'Make-up station'],
      }),
    },
    party_space: {
      names: ['Rooftop party space', 'Kids party venue with jumping castle'],
      price: [500, 1500],
      blurb: ['Sound system and fairy lights included.', 'Braai facilities and a covered patio.'],
      amenities: ['parking', 'security', 'wifi'],
      cleaning: [500, 1200],
      deposit: [1500, 4000],
      specs: (f) => ({
        type: 'event_space',
        capacity: f.number.int({ min: 30, max: 120, multipleOf: 10 }),
        indoorArea: f.number.int({ min: 60, max: 250 }),
        outdoorArea: f.number.int({ min: 50, max: 400 }),
        layouts: ['Cocktail', 'Cabaret'],
        amenities: ['Sound system', 'Bar fridge'],
      }),
    },
  },
  storage_space: {
    garage: {
      names: ['Lock-up garage', 'Double garage for storage'],
      price: [900, 2200],
      blurb: ['Electric door and 24-hour access.', 'Dry and secure behind a boom gate.'],
      amenities: ['security', 'parking'],
      deposit: [900, 2200],
      specs: (f) => ({
        type: 'storage_space',
        width: f.number.int({ min: 3, max: 6 }),
        length: 6,
        height: 2.5,
        climateControlled: false,
        securityFeatures: ['Electric fence', 'CCTV'],
        accessHours: { start: '00:00', end: '23:59' },
      }),
    },
    storage_unit: {
      names: ['Self-storage unit', 'Climate-controlled storage unit'],
      price: [650, 1800],
      blurb: ['Trolleys and a loading bay on site.', 'Month-to-month, no long contracts.'],
      amenities: ['security', 'parking'],
      deposit: [650, 1800],
      specs: (f) => ({
        type: 'storage_space',
        width: f.number.int({ min: 2, max: 4 }),
        length: f.number.int({ min: 3, max: 6 }),
        height: 2.8,
        climateControlled: f.datatype.boolean(),
        securityFeatures: ['Armed response', 'CCTV', 'Access control'],
        accessHours: { start: '06:00', end: '20:00' },
      }),
    },
    locker: {
      names: ['Secure locker', 'Surfboard locker near the beach'],
      price: [350, 650],
      blurb: ['Keypad lock; your code, your locker.', 'Handy for commuters and surfers.'],
      amenities: ['security'],
      specs: () => ({
        type: 'storage_space',
        width: 1,
        length: 1,
        height: 2,
        climateControlled: false,
        securityFeatures: ['Keypad lock', 'CCTV'],
        accessHours: { start: '05:00', end: '22:00' },
      }),
    },
    parking_space: {
      names: ['Covered parking bay', 'Secure parking in the CBD'],
      price: [600, 1500],
      blurb: ['Shade-netted bay with remote access.', 'Guarded 24/7 and close to offices.'],
      amenities: ['security', 'parking'],
      specs: () => ({
        type: 'storage_space',
        width: 2.5,
        length: 5,
        height: 2.2,
        climateControlled: false,
        securityFeatures: ['Guard', 'Boom gate'],
        accessHours: { start: '00:00', end: '23:59' },
      }),
    },
  },
};

const rand = (f: Faker, [min, max]: readonly [number, number]) =>
  f.number.int({ min, max, multipleOf: 50 }) * 100;

/** One realistic listing of a category in a city; deterministic for a seeded faker. */
export function draftListing(f: Faker, type: PropertyType, category: string, city: City): Draft {
  const template = TEMPLATES[type][category];
  if (!template) throw new Error(`No demo template for ${type}/${category}`);
  const suburb = f.helpers.arrayElement(SUBURBS[city]);
  const name = f.helpers.arrayElement(template.names);
  const host = f.person.firstName();
  const description = [
    `${name} in ${suburb}, ${city}.`,
    ...f.helpers.arrayElements(template.blurb, { min: 1, max: template.blurb.length }),
    `Hosted by ${host}, who replies within a few hours.`,
  ].join(' ');
  return {
    title: `${name} in ${suburb}`,
    description,
    location: `${f.number.int({ min: 1, max: 240 })} ${f.helpers.arrayElement(STREETS)}, ${suburb}, ${city}`,
    price_per_day_cents: rand(f, template.price),
    amenities: f.helpers.arrayElements(template.amenities, {
      min: Math.min(1, template.amenities.length),
      max: template.amenities.length,
    }),
    cleaning_fee_cents: template.cleaning && f.datatype.boolean(0.8) ? rand(f, template.cleaning) : 0,
    security_deposit_cents: template.deposit && f.datatype.boolean(0.85) ? rand(f, template.deposit) : 0,
    specifications: template.specs(f),
  };
}
